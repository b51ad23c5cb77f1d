import { PersonListScreen } from './PersonListScreen';

/**
 * The admin teacher list at /admin/teachers (docs/product.md#teacher-list): "Search for
 * teachers", columns ID, Name, Email, Action with only a delete icon,
 * paged 10/25/50/100.
 */
export default function TeachersPage() {
  return (
    <PersonListScreen
      kind="teachers"
      title="Teachers"
      noun="teacher"
      searchPlaceholder="Search for teachers"
      deletedText="Teacher deleted successfully!"
    />
  );
}
