/**
 * The navigation entries per role, as data (docs/contributing.md#ionic-structure): the side
 * menu's (docs/product.md#dashboard-layout, in the spec's order and labels)
 * and the phone tab bar's.
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
import type { Role } from '../session/roles';

/** One navigation link. */
export interface NavEntry {
  /** The visible label, which is also the link's accessible name. */
  label: string;
  /** Where it leads. */
  path: string;
  /** An ionicons icon (decorative). */
  icon: string;
}

/**
 * The side menu per role (docs/product.md#dashboard-layout). The admin's second "Discussions" item
 * leads to /admin/blogs, which redirects to /admin/discussion (docs/product.md#links-and-redirects).
 * The student's "My Oracy" follows "My Courses" (docs/product.md#my-oracy).
 */
export const MENU_ENTRIES: Readonly<Record<Role, readonly NavEntry[]>> = {
  1: [
    { label: 'Users', path: '/admin/users', icon: peopleOutline },
    { label: 'Students', path: '/admin/students', icon: schoolOutline },
    { label: 'Teachers', path: '/admin/teachers', icon: easelOutline },
    { label: 'Courses', path: '/admin/courses', icon: libraryOutline },
    { label: 'Notice', path: '/admin/notice', icon: megaphoneOutline },
    { label: 'Complaints', path: '/admin/complaints', icon: alertCircleOutline },
    { label: 'Settings', path: '/admin/setting', icon: settingsOutline },
    { label: 'Discussions', path: '/admin/discussion', icon: chatbubblesOutline },
    { label: 'Discussions', path: '/admin/blogs', icon: newspaperOutline },
  ],
  2: [
    { label: 'My Students', path: '/teacher/students', icon: peopleOutline },
    { label: 'My Courses', path: '/teacher/courses', icon: bookOutline },
    { label: 'Speaking Practice', path: '/teacher/speaking', icon: micOutline },
    { label: 'Notice', path: '/teacher/notice', icon: megaphoneOutline },
    { label: 'My Complaints', path: '/teacher/complaints', icon: alertCircleOutline },
  ],
  3: [
    { label: 'My Teachers', path: '/student/teachers', icon: personOutline },
    { label: 'My Courses', path: '/student/courses', icon: bookOutline },
    { label: 'My Oracy', path: '/student/oracy', icon: analyticsOutline },
    { label: 'Speaking Practice', path: '/student/speaking', icon: micOutline },
    { label: 'Notice', path: '/student/notice', icon: megaphoneOutline },
    { label: 'My Complaints', path: '/student/complaints', icon: alertCircleOutline },
  ],
};

/**
 * The bottom tab bar per role, shown on phones only (the design card in docs/architecture.md#stack-and-layout);
 * the student's fifth tab is "My Oracy", after "My Courses" (docs/product.md#my-oracy).
 */
export const TAB_ENTRIES: Readonly<Record<Role, readonly NavEntry[]>> = {
  1: [
    { label: 'Dashboard', path: '/admin/dashboard', icon: gridOutline },
    { label: 'Users', path: '/admin/users', icon: peopleOutline },
    { label: 'Complaints', path: '/admin/complaints', icon: alertCircleOutline },
    { label: 'Discussions', path: '/admin/discussion', icon: chatbubblesOutline },
  ],
  2: [
    { label: 'Dashboard', path: '/teacher/dashboard', icon: gridOutline },
    { label: 'My Students', path: '/teacher/students', icon: peopleOutline },
    { label: 'Speaking', path: '/teacher/speaking', icon: micOutline },
    { label: 'My Courses', path: '/teacher/courses', icon: bookOutline },
    { label: 'My Complaints', path: '/teacher/complaints', icon: alertCircleOutline },
  ],
  3: [
    { label: 'Dashboard', path: '/student/dashboard', icon: gridOutline },
    { label: 'My Courses', path: '/student/courses', icon: bookOutline },
    { label: 'My Oracy', path: '/student/oracy', icon: analyticsOutline },
    { label: 'Notice', path: '/student/notice', icon: megaphoneOutline },
    { label: 'My Complaints', path: '/student/complaints', icon: alertCircleOutline },
  ],
};
