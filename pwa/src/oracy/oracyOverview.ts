/**
 * Words and arithmetic of the teachers' and the school's Oracy overviews
 * (docs/product.md#your-students-oracy, docs/product.md#the-schools-oracy):
 * kept out of the screens so they can be tested on their own.
 */
import { largestTimeUnit } from '../platform/ui/relativeTime';
import type { TeacherOracyStudent } from './oracy';
import { intl, t, type MessageId } from '../platform/i18n';

/** How many students of an overview need attention (at least one reason, docs/product.md#needs-attention). */
export function attentionCount(students: readonly Pick<TeacherOracyStudent, 'needsAttention'>[]): number {
  return students.filter((s) => s.needsAttention.length > 0).length;
}

/**
 * The dashboard's link text (docs/product.md#your-students-oracy): "1 student needs attention",
 * "{N} students need attention", or "No student needs attention" for 0; in the active language.
 */
export function attentionLinkText(count: number): string {
  return t('shared.oracy.attentionLink', { count });
}

/**
 * How long ago a self-assessment was, in the active language's words for a card's "Last
 * assessed …" line (docs/product.md#your-students-oracy): "just now" under a minute, then
 * "5 minutes ago", "1 day ago", "3 weeks ago", "2 months ago" … in the
 * largest whole unit, as the offline banner counts them but always with a
 * number ("1 week ago" rather than "last week", which would not read after
 * "Last assessed"). A time in the future (a clock ahead of the device's)
 * counts as now.
 */
export function assessedAgo(iso: string, now: number = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (!Number.isFinite(seconds) || seconds < 60) return t('common.justNow');
  const [unit, length] = largestTimeUnit(seconds);
  return intl().formatRelativeTime(-Math.floor(seconds / length), unit, { numeric: 'always' });
}

/**
 * The cache key of a teacher's Oracy overview (docs/product.md#your-students-oracy): one per course
 * filter; all courses share the dashboard's.
 */
export function teacherOracyKey(courseId: string | null): string {
  return courseId ? `/api/teacher/oracy?courseId=${encodeURIComponent(courseId)}` : '/api/teacher/oracy';
}

/** The orders of the student list (docs/product.md#your-students-oracy). */
export type StudentOrder = 'attention' | 'name';

/**
 * The order select's options, default first. Each `label` is read in the active language when
 * it is shown (a getter), so that a language switch reaches it; `labelId` is its catalogue key.
 */
export const ORDER_OPTIONS: ReadonlyArray<{ value: StudentOrder; labelId: MessageId; readonly label: string }> = [
  {
    value: 'attention',
    labelId: 'shared.order.attention',
    get label() {
      return t(this.labelId);
    },
  },
  {
    value: 'name',
    labelId: 'shared.order.name',
    get label() {
      return t(this.labelId);
    },
  },
];

/**
 * Sorts a copy of `rows` (docs/product.md#your-students-oracy): by name, or with those needing
 * attention first and then by name, as the API orders its overview; the id
 * breaks ties so the order never depends on the input's.
 */
export function orderStudents<T extends { id: string; name: string; needsAttention: boolean }>(rows: readonly T[], order: StudentOrder): T[] {
  return [...rows].sort((a, b) => (order === 'attention' ? Number(b.needsAttention) - Number(a.needsAttention) : 0) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

/** What {@link combinedOffline} reads of a `useCachedResource` result. */
export interface OfflineState {
  offline: boolean;
  savedAt: number | null;
}

/**
 * One offline banner for a screen with several cached calls
 * (docs/product.md#screen-data): offline when any of them shows data it
 * could not refresh, dated by the oldest such data.
 */
export function combinedOffline(...states: OfflineState[]): OfflineState {
  const stale = states.filter((s) => s.offline && s.savedAt !== null).map((s) => s.savedAt as number);
  return stale.length ? { offline: true, savedAt: Math.min(...stale) } : { offline: false, savedAt: null };
}
