import { Navigate, type RouteObject, createBrowserRouter } from 'react-router';
import { PageSpinner } from '../components/page-spinner';
import { RequireSignIn } from '../routes/guards';
import { accountRoutes } from '../routes/accounts';
import { catalogueRoutes } from '../routes/catalogues';
import { groupRoutes } from '../routes/groups';
import { projectRoutes } from '../routes/projects';
import { purchasingRoutes } from '../routes/purchasing';
import { jobAndMoveRoutes } from '../routes/jobs-and-moves';
import { reportDataRoutes } from '../routes/report-data';
import { pointHealthRoutes } from '../routes/point-health';
import { issueRoutes } from '../routes/issues';
import { changePasswordRoutes, publicPasswordRoutes } from '../routes/passwords';
import { screen } from '../routes/lazy-screen';
import { RootLayout } from '../routes/root-layout';
import { RouteError } from '../routes/route-error';
import { roleRoutes } from '../routes/roles';
import { serviceVersionRoutes } from '../routes/service-versions';
import { pendingScreens } from '../routes/screens';
import { controllerRoutes } from '../routes/syrx-controllers';
import { userSecurityRoutes } from '../routes/user-security';
import { userRoutes } from '../routes/users';

const login = () => import('../routes/login');
const notYetAvailable = () => import('../components/not-yet-available');

/**
 * The route table of both specifications (spec 01 section 2, spec 02 section 2). Every screen is loaded on its
 * route's first visit (`lazy`): the sign-in page's script is the shell's and the form's, nothing of the other screens.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    // The first load of a route waits for its screen's module.
    HydrateFallback: PageSpinner,
    children: [
      // Reachable while logged out.
      { path: '/login', lazy: screen(login, (m) => m.LoginRoute) },
      { path: '/login/:token', lazy: screen(login, (m) => m.LoginRoute) },
      { path: '/user-registration', lazy: screen(() => import('../routes/user-registration'), (m) => m.UserRegistrationRoute) },
      { path: '/register-syrx-controller', lazy: screen(() => import('../routes/register-syrx-controller'), (m) => m.RegisterSyrxControllerRoute) },
      ...publicPasswordRoutes,
      // Everything else needs a session.
      {
        element: <RequireSignIn />,
        children: [
          { path: '/', element: <Navigate to="/home" replace /> },
          { path: '/home', lazy: screen(() => import('../routes/home'), (m) => m.HomeRoute) },
          ...controllerRoutes,
          // The point-reporting link's own target while no legacy app is deployed: the point record browser.
          { path: '/point-reporting', lazy: screen(() => import('../routes/point-reporting'), (m) => m.PointReportingRoute) },
          { path: '/admin/audit-log', lazy: screen(() => import('../features/audit-log/components/audit-log-screen'), (m) => m.AuditLogScreen) },
          ...jobAndMoveRoutes,
          ...reportDataRoutes,
          ...pointHealthRoutes,
          ...issueRoutes,
          ...serviceVersionRoutes,
          ...accountRoutes,
          ...groupRoutes,
          ...projectRoutes,
          ...purchasingRoutes,
          ...roleRoutes,
          ...catalogueRoutes,
          ...userSecurityRoutes,
          ...userRoutes,
          ...changePasswordRoutes,
          ...pendingScreens.map(({ path, screen: name }): RouteObject => ({
            path,
            lazy: async () => {
              const { NotYetAvailable } = await notYetAvailable();
              return { element: <NotYetAvailable screen={name} /> };
            },
          })),
          { path: '/not-available/:slug', lazy: screen(() => import('../routes/legacy-screen'), (m) => m.LegacyScreenRoute) },
          { path: '*', lazy: screen(() => import('../components/page-not-found'), (m) => m.PageNotFound) },
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
