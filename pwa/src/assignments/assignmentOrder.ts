import type { StudentAssignment } from '../people';

/** The fields {@link openFirst} orders by: whether done, and the due date (`YYYY-MM-DD`, or null when none). */
export type OrderedAssignment = Pick<StudentAssignment, 'done' | 'title'> & { dueDate: string | null };

/**
 * A student's assignments as "My assignments" lists them (docs/product.md#my-assignments): the
 * open ones (not done) first, the soonest due first and those without a due date after them;
 * then the done ones, the latest due first. Same-day assignments by title. A new array; the
 * input is left as it is.
 */
export function openFirst<A extends OrderedAssignment>(assignments: readonly A[]): A[] {
  const byTitle = (a: A, b: A) => a.title.localeCompare(b.title);
  const open = assignments.filter((a) => !a.done);
  const done = assignments.filter((a) => a.done);
  // ISO days compare as strings; a missing due date sorts after every date.
  open.sort((a, b) => (a.dueDate ?? '\uffff').localeCompare(b.dueDate ?? '\uffff') || byTitle(a, b));
  done.sort((a, b) => (b.dueDate ?? '').localeCompare(a.dueDate ?? '') || byTitle(a, b));
  return [...open, ...done];
}
