import { PageLoading } from '../../platform/ui/PageLoading';
import { useI18n } from '../../platform/i18n';

/** The self-assessment page while the current user loads (docs/product.md#self-assessment). */
export default function AssessmentLoading() {
  const { t } = useI18n();
  return <PageLoading label={t('assessment.loading')} />;
}
