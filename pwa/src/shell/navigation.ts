/**
 * The navigation entries per role, as data (docs/contributing.md#ionic-structure): the side
 * menu's (docs/product.md#dashboard-layout, in the spec's order and labels)
 * and the phone tab bar's. Labels are catalogue keys (`menu.*`), translated where they are shown.
 */
import {
  alertCircleOutline,
  analyticsOutline,
  bookOutline,
  chatbubblesOutline,
  easelOutline,
  gridOutline,
  libraryOutline,
  megaphoneOutline,
  micOutline,
  newspaperOutline,
  peopleOutline,
  personOutline,
  schoolOutline,
  settingsOutline,
} from 'ionicons/icons';
import type { MessageId } from '../platform/i18n';
import type { Role } from '../auth';

/** One navigation link. */
export interface NavEntry {
  /** The catalogue key of the visible label, which is also the link's accessible name (translated when shown). */
  label: MessageId;
  /** Where it leads. */
  path: string;
  /** An ionicons icon (decorative). */
  icon: string;
  /** A count shown beside the label: `speakingToDo`, the student's speaking tasks not yet answered ({@link useSpeakingToDo}). */
  badge?: 'speakingToDo';
}

/**
 * The side menu per role (docs/product.md#dashboard-layout). The admin's second "Discussions" item
 * leads to /admin/blogs, which redirects to /admin/discussion (docs/product.md#links-and-redirects).
 * The student's menu starts with "Speaking Practice", the core of their practice, with the count of
 * tasks still to answer; "My Oracy" follows "My Courses" (docs/product.md#my-oracy).
 */
export const MENU_ENTRIES: Readonly<Record<Role, readonly NavEntry[]>> = {
  1: [
    { label: 'menu.users', path: '/admin/users', icon: peopleOutline },
    { label: 'menu.students', path: '/admin/students', icon: schoolOutline },
    { label: 'menu.teachers', path: '/admin/teachers', icon: easelOutline },
    { label: 'menu.courses', path: '/admin/courses', icon: libraryOutline },
    { label: 'menu.notice', path: '/admin/notice', icon: megaphoneOutline },
    { label: 'menu.complaints', path: '/admin/complaints', icon: alertCircleOutline },
    { label: 'menu.settings', path: '/admin/setting', icon: settingsOutline },
    { label: 'menu.discussions', path: '/admin/discussion', icon: chatbubblesOutline },
    { label: 'menu.discussions', path: '/admin/blogs', icon: newspaperOutline },
  ],
  2: [
    { label: 'menu.myStudents', path: '/teacher/students', icon: peopleOutline },
    { label: 'menu.myCourses', path: '/teacher/courses', icon: bookOutline },
    { label: 'menu.speakingPractice', path: '/teacher/speaking', icon: micOutline },
    { label: 'menu.notice', path: '/teacher/notice', icon: megaphoneOutline },
    { label: 'menu.myComplaints', path: '/teacher/complaints', icon: alertCircleOutline },
  ],
  3: [
    { label: 'menu.speakingPractice', path: '/student/speaking', icon: micOutline, badge: 'speakingToDo' },
    { label: 'menu.myTeachers', path: '/student/teachers', icon: personOutline },
    { label: 'menu.myCourses', path: '/student/courses', icon: bookOutline },
    { label: 'menu.myOracy', path: '/student/oracy', icon: analyticsOutline },
    { label: 'menu.notice', path: '/student/notice', icon: megaphoneOutline },
    { label: 'menu.myComplaints', path: '/student/complaints', icon: alertCircleOutline },
  ],
};

/**
 * The bottom tab bar per role, shown on phones only (docs/architecture.md#the-shell-and-navigation);
 * the student's second tab is "Speaking" with the count of tasks still to answer, and "My Oracy" follows
 * "My Courses" (docs/product.md#my-oracy); Notice stays in the student's menu. Each tab
 * keeps its own stack: the screens under its path (`/teacher/students/:studentId` under
 * "My Students") belong to it.
 */
export const TAB_ENTRIES: Readonly<Record<Role, readonly NavEntry[]>> = {
  1: [
    { label: 'menu.dashboard', path: '/admin/dashboard', icon: gridOutline },
    { label: 'menu.users', path: '/admin/users', icon: peopleOutline },
    { label: 'menu.complaints', path: '/admin/complaints', icon: alertCircleOutline },
    { label: 'menu.discussions', path: '/admin/discussion', icon: chatbubblesOutline },
  ],
  2: [
    { label: 'menu.dashboard', path: '/teacher/dashboard', icon: gridOutline },
    { label: 'menu.myStudents', path: '/teacher/students', icon: peopleOutline },
    { label: 'menu.speaking', path: '/teacher/speaking', icon: micOutline },
    { label: 'menu.myCourses', path: '/teacher/courses', icon: bookOutline },
    { label: 'menu.myComplaints', path: '/teacher/complaints', icon: alertCircleOutline },
  ],
  3: [
    { label: 'menu.dashboard', path: '/student/dashboard', icon: gridOutline },
    { label: 'menu.speaking', path: '/student/speaking', icon: micOutline, badge: 'speakingToDo' },
    { label: 'menu.myCourses', path: '/student/courses', icon: bookOutline },
    { label: 'menu.myOracy', path: '/student/oracy', icon: analyticsOutline },
    { label: 'menu.myComplaints', path: '/student/complaints', icon: alertCircleOutline },
  ],
};

/**
 * The name Ionic's tab bar knows a tab by (`tab` of `IonTabButton`, also the element id
 * `tab-button-<name>`): the tab's path without its first slash, slashes as dashes
 * (`/teacher/students` → `teacher-students`), unique across roles.
 */
export function tabName(entry: NavEntry): string {
  return entry.path.slice(1).replace(/\//g, '-');
}
