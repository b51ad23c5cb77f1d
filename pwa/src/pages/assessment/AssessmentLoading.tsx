import { PageLoading } from '../../components/PageLoading';

/** The self-assessment page while the current user loads (spec §2.4 "Loading"). */
export default function AssessmentLoading() {
  return <PageLoading label="Loading your assessment..." />;
}
