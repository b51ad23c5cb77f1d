import { ComplaintsScreen } from './ComplaintsScreen';
import { ROLE } from '../auth';

/** The student's complaints (docs/product.md#student-complaints, /student/complaints). */
export default function StudentComplaintsPage() {
  return <ComplaintsScreen role={ROLE.student} />;
}
