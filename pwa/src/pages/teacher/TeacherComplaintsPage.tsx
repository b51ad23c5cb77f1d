import { ComplaintsScreen } from '../shared/ComplaintsScreen';

/** The teacher's complaints (spec §2.16, /teacher/complaints): "Add New Complaint" and "Submit". */
export default function TeacherComplaintsPage() {
  return <ComplaintsScreen role={2} />;
}
