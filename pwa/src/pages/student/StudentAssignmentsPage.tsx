/**
 * A student's assignments (decisions §8, /assignments: title, course, due date, done or not). The screen's content is a later issue; for now it shows its heading
 * inside the shared dashboard layout.
 */
export default function StudentAssignmentsPage() {
  return <h1 className="screen-title">My Assignments</h1>;
}
