import { ComplaintsScreen } from '../shared/ComplaintsScreen';

/** The student's complaints (spec §2.15, /student/complaints). */
export default function StudentComplaintsPage() {
  return <ComplaintsScreen role={3} />;
}
