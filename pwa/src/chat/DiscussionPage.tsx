import { PageLoading } from '../platform/ui/PageLoading';
import { Discussion } from './Discussion';
import { useRequiredUser } from '../auth';

/**
 * The discussion chat at /admin/discussion (docs/product.md#discussion; admins only, by the
 * route table). This screen's chunk carries the chat code — the socket
 * client, and the emoji picker behind it — so nothing of it is downloaded
 * before the discussion opens.
 */
export default function DiscussionPage() {
  const user = useRequiredUser();
  if (!user) return <PageLoading />;
  return <Discussion user={user} />;
}
