import { useI18n } from '../platform/i18n';
import { PersonListScreen } from './PersonListScreen';

/**
 * The admin teacher list at /admin/teachers (docs/product.md#teacher-list): "Search for
 * teachers", columns ID, Name, Email, Action with only a delete icon,
 * paged 10/25/50/100.
 */
export default function TeachersPage() {
  const { t } = useI18n();
  return <PersonListScreen kind="teachers" title={t('admin.teachers.title')} noun="teacher" searchLabel={t('admin.teachers.search')} deletedText={t('admin.teachers.deleted')} />;
}
