import { useI18n } from '../platform/i18n';
import { PersonListScreen } from './PersonListScreen';

/**
 * The admin student list at /admin/students (docs/product.md#student-list): "Search for
 * students", columns ID, Name, Email, Action with "Assign Courses"
 * (to /admin/student/assign-courses/{id}) and delete, paged 10/25/50/100.
 */
export default function StudentsPage() {
  const { t } = useI18n();
  return (
    <PersonListScreen
      kind="students"
      title={t('admin.students.title')}
      noun="student"
      searchLabel={t('admin.students.search')}
      deletedText={t('admin.students.deleted')}
      assignLink={(student) => `/admin/student/assign-courses/${encodeURIComponent(student.id)}`}
    />
  );
}
