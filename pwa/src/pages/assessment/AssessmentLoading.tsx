import { PageLoading } from '../../components/PageLoading';

/** The self-assessment page while the current user loads (docs/product.md#self-assessment). */
export default function AssessmentLoading() {
  return <PageLoading label="Loading your assessment..." />;
}
