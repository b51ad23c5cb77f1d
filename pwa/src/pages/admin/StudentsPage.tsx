import { PersonListScreen } from './PersonListScreen';

/**
 * The admin student list at /admin/students (docs/product.md#student-list): "Search for
 * students", columns ID, Name, Email, Action with "Assign Courses"
 * (to /admin/student/assign-courses/{id}) and delete, paged 10/25/50/100.
 */
export default function StudentsPage() {
  return (
    <PersonListScreen
      kind="students"
      title="Students"
      noun="student"
      searchPlaceholder="Search for students"
      deletedText="Student deleted successfully!"
      assignLink={(student) => `/admin/student/assign-courses/${encodeURIComponent(student.id)}`}
    />
  );
}
