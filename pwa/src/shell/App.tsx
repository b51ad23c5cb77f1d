import { IonApp, IonRouterOutlet, IonSplitPane } from '@ionic/react';
import { IonReactRouter } from '@ionic/react-router';
import { Suspense, lazy, useEffect, type ReactNode } from 'react';
import { Navigate, Route, useLocation } from 'react-router-dom';
import { PageLoading } from '../platform/ui/PageLoading';
import { LeaveGuard } from '../platform/ui/useLeaveGuard';
import { useMediaQuery } from '../platform/ui/useMediaQuery';
import { useI18n } from '../platform/i18n';
import { OutboxReplayer } from '../platform/offline/OutboxReplayer';
import { useUpdateWaiting } from '../platform/offline/serviceWorker';
import NotFoundPage from './NotFoundPage';
import { appRedirects, appRoutes, findRoute, isAllowed, type AppRedirect, type AppRoute } from './routes';
import { RequireAccess } from './RequireAccess';
import { isRole, readSessionKey, SessionProvider } from '../auth';
import { REDUCED_MOTION_QUERY } from '../platform/theme/motion';

/*
 * the shared layout (top bar, popover), the tabs with their tab bar, the side menu and
 * the update toast are chunks of their own, so the first load of "/" (the
 * self-assessment, outside the layout) downloads none of them; each is
 * fetched as soon as a screen needs it.
 */
const loadLayout = () => import('./DashboardLayout');
const DashboardLayout = lazy(() => loadLayout().then((m) => ({ default: m.DashboardLayout })));
const loadTabs = () => import('./LayoutTabs');
const LayoutTabs = lazy(() => loadTabs().then((m) => ({ default: m.LayoutTabs })));
const loadMenu = () => import('./Menu');
const Menu = lazy(() => loadMenu().then((m) => ({ default: m.Menu })));
const UpdateToast = lazy(() => import('../platform/offline/UpdateToast').then((m) => ({ default: m.UpdateToast })));

/** Opt in to React Router v7 behaviour now, as its v6 deprecation warnings ask. */
export const ROUTER_FUTURE = { v7_startTransition: true, v7_relativeSplatPath: true } as const;

/**
 * The app: Ionic's root, the browser router and the session around
 * {@link AppRoutes}. Call `setupIonicReact()` before rendering it.
 */
export default function App() {
  return (
    <IonApp>
      <SessionProvider>
        <IonReactRouter future={ROUTER_FUTURE}>
          <AppRoutes />
        </IonReactRouter>
      </SessionProvider>
    </IonApp>
  );
}

/**
 * The split pane (docs/contributing.md#ionic-structure, docs/architecture.md#the-shell-and-navigation):
 * the side menu beside the app's router outlet. That outlet holds the screens outside the
 * dashboard layout ("/" and "/privacy") and, for every other path, Ionic's tabs
 * ({@link LayoutTabs}) with an outlet of their own holding the layout screens of `routes.ts`, the
 * redirects of docs/product.md#links-and-redirects and the 404 page for any other path
 * (docs/product.md#not-found-page). Every way out of a screen with an unsaved edit passes the one
 * {@link LeaveGuard}. With reduced motion neither outlet animates. Needs a router
 * and a `SessionProvider` above it.
 */
export function AppRoutes() {
  const animated = !useMediaQuery(REDUCED_MOTION_QUERY);
  return (
    <>
      <DocumentTitle />
      <LeaveGuard />
      <OutboxReplayer />
      <UpdateOffer />
      <IonSplitPane contentId="main" when="md">
        <SideMenu />
        <IonRouterOutlet id="main" animated={animated}>
          {appRoutes
            .filter((route) => !route.layout)
            .map((route) => (
              <Route key={route.path} path={route.path} element={<ScreenRoute route={route} />} />
            ))}
          <Route path="*" element={<TabsRoute animated={animated}>{layoutRoutes}</TabsRoute>} />
        </IonRouterOutlet>
      </IonSplitPane>
    </>
  );
}

/**
 * The tabs' catch-all: any path of one segment or more. Not `*`, which matches "/" as well, so that
 * "/" is the app outlet's alone: leaving the tabs for it, the tabs' outlet only hides its page
 * instead of rendering a 404 page of its own while the app's outlet takes the tabs away (two
 * outlets changing the same DOM at once). "/privacy" matches this pattern too; leaving a tab screen
 * for it renders no 404 page either (`e2e/specs/native-shell.e2e-spec.ts`, "leaving the tabs").
 */
const NOT_FOUND_PATH = '/:segment/*';

/** The routes inside the tabs: every layout screen, the redirects, and the 404 page for the rest. */
const layoutRoutes = [
  ...appRoutes.filter((route) => route.layout).map((route) => <Route key={route.path} path={route.path} element={<ScreenRoute route={route} />} />),
  ...appRedirects.map((redirect) => <Route key={redirect.path} path={redirect.path} element={<RedirectRoute redirect={redirect} />} />),
  <Route key={NOT_FOUND_PATH} path={NOT_FOUND_PATH} element={<NotFoundPage />} />,
];

/** Ionic's tabs, their chunk loading meanwhile. */
function TabsRoute({ animated, children }: { animated: boolean; children: ReactNode }) {
  return (
    <Suspense fallback={<PageLoading />}>
      <LayoutTabs animated={animated}>{children}</LayoutTabs>
    </Suspense>
  );
}

/** One screen behind its guard, in the shared layout when the route has one, its chunk loading meanwhile. */
function ScreenRoute({ route }: { route: AppRoute }) {
  const { screen: Screen, loading: Loading } = route;
  useEffect(() => {
    // Fetch the chunk while the current user loads instead of after.
    route.screen.preload().catch(() => undefined);
    if (route.layout) {
      loadLayout().catch(() => undefined);
      loadMenu().catch(() => undefined);
    }
  }, [route]);

  const screen = (
    <Suspense fallback={<PageLoading />}>
      <Screen />
    </Suspense>
  );
  if (route.showsOwnLoading) return screen;
  return (
    <RequireAccess access={route.access} fallback={Loading ? <Loading /> : undefined}>
      {route.layout ? (
        <Suspense fallback={<PageLoading />}>
          <DashboardLayout>{screen}</DashboardLayout>
        </Suspense>
      ) : (
        screen
      )}
    </RequireAccess>
  );
}

/**
 * The side menu, on the layout screens only (it is disabled everywhere else):
 * "/" and the 404 page neither download it nor the icons it shows.
 */
function SideMenu() {
  const { pathname } = useLocation();
  if (findRoute(pathname)?.layout !== true) return null;
  return (
    <Suspense fallback={null}>
      <Menu />
    </Suspense>
  );
}

/** The "new version" toast, fetched only once a new version is waiting . */
function UpdateOffer() {
  const waiting = useUpdateWaiting();
  if (!waiting) return null;
  return (
    <Suspense fallback={null}>
      <UpdateToast />
    </Suspense>
  );
}

/**
 * A redirect of docs/product.md#links-and-redirects: at once for `'anyone'` and for one decided by
 * the role stored on the device (when there is one), otherwise once the current user is known.
 */
function RedirectRoute({ redirect }: { redirect: AppRedirect }) {
  if (redirect.access === 'anyone') return <Navigate to={redirect.to(null)} replace />;
  const stored = redirect.storedRole ? Number(readSessionKey('userRole')) : null;
  if (isRole(stored) && isAllowed(redirect.access, stored)) return <Navigate to={redirect.to(stored)} replace />;
  return <RequireAccess access={redirect.access}>{(user) => <Navigate to={redirect.to(user.role)} replace />}</RequireAccess>;
}

/** Keeps `document.title` as "{screen} · Oracy" (just "Oracy" on the 404 page), in the active language. */
function DocumentTitle() {
  const { pathname } = useLocation();
  const { t } = useI18n();
  useEffect(() => {
    const route = findRoute(pathname);
    document.title = route ? t('app.documentTitle', { title: t(route.title) }) : t('app.name');
  }, [pathname, t]);
  return null;
}
