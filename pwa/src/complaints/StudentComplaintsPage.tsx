import { ComplaintsScreen } from './ComplaintsScreen';

/** The student's complaints (docs/product.md#student-complaints, /student/complaints). */
export default function StudentComplaintsPage() {
  return <ComplaintsScreen role={3} />;
}
