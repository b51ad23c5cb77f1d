import { ComplaintsScreen } from './ComplaintsScreen';
import { ROLE } from '../auth';

/** The teacher's complaints (docs/product.md#teacher-complaints, /teacher/complaints): "Add New Complaint" and "Submit". */
export default function TeacherComplaintsPage() {
  return <ComplaintsScreen role={ROLE.teacher} />;
}
