/**
 * The route table of docs/product.md#route-table as data, plus the links docs/product.md#links-and-redirects keeps
 * alive. `App.tsx` turns it into routes; the menu and the document title
 * read it too. Every screen is its own lazily loaded chunk, so signing in
 * and landing on one role's home downloads neither another role's screens nor the charts it does not show.
 */
import { createElement, lazy, type ComponentType } from 'react';
import { matchPath } from 'react-router-dom';
import type { MessageId } from '../platform/i18n';
import AssessmentPage from '../oracy/assessment/AssessmentPage';
import { coursesPathFor, homePathFor, type Role } from '../auth';

/**
 * Who may open a route (docs/product.md#route-table, docs/product.md#route-access):
 * - `'anyone'`: no current user needed;
 * - `'signed-in'`: any signed-in user (no role guard);
 * - a list of roles: a signed-in user with one of them; anyone else is sent to their own home (`homePathFor`).
 */
export type RouteAccess = 'anyone' | 'signed-in' | readonly Role[];

/** A screen that can be fetched ahead of rendering: a lazily loaded chunk, or one of the first load. */
export type Screen = ComponentType & {
  /** Starts (once) downloading the screen's chunk; resolves at once for a screen of the first load. */
  preload: () => Promise<unknown>;
};

/**
 * Wraps a dynamic `import()` of a module whose default export is a screen. A load that failed (the
 * chunk fetched offline) is forgotten, so that the next one tries again.
 */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>): Screen {
  let pending: Promise<{ default: ComponentType }> | undefined;
  const loadOnce = () =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
  return Object.assign(lazy(loadOnce), { preload: loadOnce });
}

/** A screen bundled with the first load: nothing to fetch. */
function eagerScreen(component: ComponentType): Screen {
  const FirstLoadScreen = () => createElement(component);
  return Object.assign(FirstLoadScreen, { preload: () => Promise.resolve() });
}

/** One row of the route table. */
export interface AppRoute {
  /** A react-router v6 path pattern, absolute, e.g. `/admin/student/assign-courses/:studentId`. */
  path: string;
  /** The catalogue key of the screen's name, used for the document title ("{title} · Oracy"). */
  title: MessageId;
  /** Who may open it. */
  access: RouteAccess;
  /** `true` when the screen sits inside the shared dashboard layout (docs/product.md#dashboard-layout). */
  layout: boolean;
  /** The screen. */
  screen: Screen;
  /** What to show while the current user loads; a spinner when absent. Ignored with `showsOwnLoading`. */
  loading?: ComponentType;
  /**
   * `true` for a `'signed-in'` screen that asks for the current user itself
   * (`useRequiredUser`) and shows its own loading state: it is rendered at
   * once, so what it paints first (the self-assessment's title and
   * introduction) stays on screen when the user arrives.
   */
  showsOwnLoading?: boolean;
}

/** A path that leads to another screen (docs/product.md#links-and-redirects). */
export interface AppRedirect {
  path: string;
  access: RouteAccess;
  /** The destination, given the signed-in user's role (`null` when `access` is `'anyone'`). */
  to: (role: number | null) => string;
  /**
   * `true` when the role stored on the device (`localStorage` `userRole`,
   * docs/product.md#identity-on-the-device) decides at once, before the current user loads, so the
   * redirect works offline and without waiting; the destination's own guard checks the session.
   */
  storedRole?: boolean;
}

/** The installed app's start (`start_url` of the web manifest, docs/product.md#links-and-redirects): leads to the role's home. */
export const HOME_PATH = '/home';

const ADMIN: readonly Role[] = [1];
const TEACHER: readonly Role[] = [2];
const STUDENT: readonly Role[] = [3];

const Notices = lazyScreen(() => import('../notices/NoticesPage'));

/** Every screen of docs/product.md#route-table (except the 404 page, the fallback for any other path), plus `/assignments`. */
export const appRoutes: readonly AppRoute[] = [
  {
    path: '/',
    title: 'route.selfAssessment',
    access: 'signed-in',
    layout: false,
    // "/" is the specification's first screen, reached without a session's dashboards: its screen is part of the first load.
    screen: eagerScreen(AssessmentPage),
    showsOwnLoading: true,
  },
  // docs/product.md#privacy: the privacy notice, readable signed out (the sign-in pages link to it).
  { path: '/privacy', title: 'route.privacy', access: 'anyone', layout: false, screen: lazyScreen(() => import('../privacy/PrivacyPage')) },
  { path: '/admin/dashboard', title: 'route.adminDashboard', access: ADMIN, layout: true, screen: lazyScreen(() => import('../dashboards/AdminDashboardPage')) },
  { path: '/admin/users', title: 'route.users', access: ADMIN, layout: true, screen: lazyScreen(() => import('../people/UsersPage')) },
  { path: '/admin/students', title: 'route.students', access: ADMIN, layout: true, screen: lazyScreen(() => import('../people/StudentsPage')) },
  {
    path: '/admin/student/assign-courses/:studentId',
    title: 'route.assignCourses',
    access: ADMIN,
    layout: true,
    screen: lazyScreen(() => import('../courses/AssignCoursesPage')),
  },
  { path: '/admin/teachers', title: 'route.teachers', access: ADMIN, layout: true, screen: lazyScreen(() => import('../people/TeachersPage')) },
  { path: '/admin/courses', title: 'route.courses', access: ADMIN, layout: true, screen: lazyScreen(() => import('../courses/CoursesPage')) },
  { path: '/admin/notice', title: 'route.notices', access: ADMIN, layout: true, screen: Notices },
  { path: '/admin/setting', title: 'route.settings', access: ADMIN, layout: true, screen: lazyScreen(() => import('../settings/SettingsPage')) },
  { path: '/admin/access-log', title: 'route.accessLog', access: ADMIN, layout: true, screen: lazyScreen(() => import('../privacy/AccessLogPage')) },
  { path: '/admin/profile', title: 'route.profile', access: ADMIN, layout: true, screen: lazyScreen(() => import('../people/AdminProfilePage')) },
  { path: '/admin/complaints', title: 'route.complaints', access: ADMIN, layout: true, screen: lazyScreen(() => import('../complaints/ComplaintsPage')) },
  { path: '/admin/discussion', title: 'route.discussion', access: ADMIN, layout: true, screen: lazyScreen(() => import('../chat/DiscussionPage')) },
  { path: '/teacher/dashboard', title: 'route.teacherDashboard', access: TEACHER, layout: true, screen: lazyScreen(() => import('../dashboards/TeacherDashboardPage')) },
  { path: '/teacher/courses', title: 'route.yourCourses', access: TEACHER, layout: true, screen: lazyScreen(() => import('../courses/TeacherCoursesPage')) },
  { path: '/teacher/students', title: 'route.yourStudents', access: TEACHER, layout: true, screen: lazyScreen(() => import('../people/TeacherStudentsPage')) },
  {
    path: '/teacher/students/:studentId',
    title: 'route.studentsOracy',
    access: TEACHER,
    layout: true,
    screen: lazyScreen(() => import('../oracy/TeacherStudentOracyPage')),
  },
  { path: '/teacher/speaking', title: 'route.speakingPractice', access: TEACHER, layout: true, screen: lazyScreen(() => import('../speaking/teacher/TeacherSpeakingPage')) },
  {
    path: '/teacher/speaking/review/:recordingId',
    title: 'route.reviewRecording',
    access: TEACHER,
    layout: true,
    screen: lazyScreen(() => import('../speaking/teacher/ReviewRecordingPage')),
  },
  { path: '/teacher/notice', title: 'route.notices', access: TEACHER, layout: true, screen: Notices },
  { path: '/teacher/complaints', title: 'route.myComplaints', access: TEACHER, layout: true, screen: lazyScreen(() => import('../complaints/TeacherComplaintsPage')) },
  { path: '/teacher/profile', title: 'route.profile', access: TEACHER, layout: true, screen: lazyScreen(() => import('../people/TeacherProfilePage')) },
  { path: '/student/dashboard', title: 'route.studentDashboard', access: STUDENT, layout: true, screen: lazyScreen(() => import('../dashboards/StudentDashboardPage')) },
  { path: '/student/teachers', title: 'route.yourTeacher', access: STUDENT, layout: true, screen: lazyScreen(() => import('../people/StudentTeachersPage')) },
  { path: '/student/notice', title: 'route.notices', access: STUDENT, layout: true, screen: Notices },
  { path: '/student/complaints', title: 'route.myComplaints', access: STUDENT, layout: true, screen: lazyScreen(() => import('../complaints/StudentComplaintsPage')) },
  { path: '/student/courses', title: 'route.yourEnrolledCourses', access: STUDENT, layout: true, screen: lazyScreen(() => import('../courses/StudentCoursesPage')) },
  { path: '/student/oracy', title: 'route.myOracy', access: STUDENT, layout: true, screen: lazyScreen(() => import('../oracy/MyOracyPage')) },
  { path: '/student/speaking', title: 'route.speakingPractice', access: STUDENT, layout: true, screen: lazyScreen(() => import('../speaking/student/StudentSpeakingPage')) },
  { path: '/student/speaking/:taskId', title: 'route.speakingTask', access: STUDENT, layout: true, screen: lazyScreen(() => import('../speaking/student/StudentSpeakingTaskPage')) },
  { path: '/student/profile', title: 'route.profile', access: STUDENT, layout: true, screen: lazyScreen(() => import('../people/StudentProfilePage')) },
  // docs/product.md#links-and-redirects: the student dashboard's "View Assignments" link.
  { path: '/assignments', title: 'route.myAssignments', access: STUDENT, layout: true, screen: lazyScreen(() => import('../assignments/StudentAssignmentsPage')) },
];

/** docs/product.md#links-and-redirects: links the specification leaves dangling, kept and led somewhere useful. */
export const appRedirects: readonly AppRedirect[] = [
  { path: HOME_PATH, access: 'signed-in', to: (role) => homePathFor(role), storedRole: true },
  { path: '/courses', access: 'signed-in', to: (role) => coursesPathFor(role) },
  { path: '/admin/blogs', access: ADMIN, to: () => '/admin/discussion' },
];

/** The route a pathname opens, or `undefined` for a redirect or the 404 page. */
export function findRoute(pathname: string): AppRoute | undefined {
  return appRoutes.find((route) => matchPath({ path: route.path, end: true }, pathname) !== null);
}

/** `true` when `role` may open a route with `access` (the user is signed in). */
export function isAllowed(access: RouteAccess, role: number): boolean {
  if (access === 'anyone' || access === 'signed-in') return true;
  return access.some((allowed) => allowed === role);
}
