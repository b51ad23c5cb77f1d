import { useLocation } from 'react-router-dom';
import { loadStudentSpeakingTasks, type StudentSpeakingTask } from './speaking';
import { useCachedResource } from '../platform/api/useCachedResource';
import { useSpeakingOutbox, type QueuedRecording } from './useSpeakingOutbox';
import { queuedFor, SPEAKING_TASKS_KEY, taskStatus } from './student/speakingStatus';
import { ROLE, useSession } from '../auth';

const NO_TASKS: readonly StudentSpeakingTask[] = [];

/**
 * How many of `tasks` the student still has to answer: those "To do" (no take on the server, none
 * waiting in the outbox) and those whose take the server refused ("Not sent"), whatever their due
 * date (docs/product.md#dashboard-layout).
 */
export function countSpeakingToDo(tasks: readonly StudentSpeakingTask[], queued: readonly QueuedRecording[]): number {
  return tasks.filter((task) => {
    const status = taskStatus(task, queuedFor(queued, task.id));
    return status === 'todo' || status === 'failed';
  }).length;
}

/**
 * The count on the student's "Speaking" tab and "Speaking Practice" menu entry
 * (docs/product.md#dashboard-layout): {@link countSpeakingToDo} of `GET
 * /api/student/speaking-tasks/{studentId}`, read through the same offline cache as the speaking
 * screen (so it shows offline too) and the outbox. It loads again when the student enters or
 * leaves the speaking screens and when a queued take reaches the server. `0` for anyone but a
 * student, and while nothing is known; no call is made for them.
 */
export function useSpeakingToDo(): number {
  const { user } = useSession();
  const { pathname } = useLocation();
  const studentId = user?.role === ROLE.student ? user.id : null;
  const onSpeaking = pathname.startsWith('/student/speaking');
  const tasks = useCachedResource(studentId ? SPEAKING_TASKS_KEY : null, (signal) => (studentId ? loadStudentSpeakingTasks(studentId, signal) : Promise.resolve(NO_TASKS)), [
    studentId,
    onSpeaking,
  ]);
  const { items } = useSpeakingOutbox(() => void tasks.reload());
  if (!studentId) return 0;
  return countSpeakingToDo(tasks.data ?? NO_TASKS, items);
}
