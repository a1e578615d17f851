import { Navigate, type RouteObject, createBrowserRouter } from 'react-router';
import { NotYetAvailable } from '../components/not-yet-available';
import { PageNotFound } from '../components/page-not-found';
import { RequireSignIn, SignInPage } from '../routes/guards';
import { AuditLogScreen } from '../features/audit-log/components/audit-log-screen';
import { HomeRoute } from '../routes/home';
import { accountRoutes } from '../routes/accounts';
import { projectRoutes } from '../routes/projects';
import { purchasingRoutes } from '../routes/purchasing';
import { jobAndMoveRoutes } from '../routes/jobs-and-moves';
import { LegacyScreenRoute } from '../routes/legacy-screen';
import { LoginRoute } from '../routes/login';
import { PointReportingRoute } from '../routes/point-reporting';
import { RegisterSyrxControllerRoute } from '../routes/register-syrx-controller';
import { RootLayout } from '../routes/root-layout';
import { RouteError } from '../routes/route-error';
import { roleRoutes } from '../routes/roles';
import { serviceVersionRoutes } from '../routes/service-versions';
import { pendingScreens } from '../routes/screens';
import { controllerRoutes } from '../routes/syrx-controllers';
import { UserRegistrationRoute } from '../routes/user-registration';

/** The route table of both specifications (spec 01 section 2, spec 02 section 2). */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      // Reachable while logged out.
      { path: '/login', element: <SignInPage><LoginRoute /></SignInPage> },
      { path: '/login/:token', element: <SignInPage><LoginRoute /></SignInPage> },
      { path: '/user-registration', element: <UserRegistrationRoute /> },
      { path: '/register-syrx-controller', element: <RegisterSyrxControllerRoute /> },
      // Everything else needs a session.
      {
        element: <RequireSignIn />,
        children: [
          { path: '/', element: <Navigate to="/home" replace /> },
          { path: '/home', element: <HomeRoute /> },
          ...controllerRoutes,
          // The point-reporting link's own target while no legacy app is deployed: the point record browser.
          { path: '/point-reporting', element: <PointReportingRoute /> },
          { path: '/admin/audit-log', element: <AuditLogScreen /> },
          ...jobAndMoveRoutes,
          ...serviceVersionRoutes,
          ...accountRoutes,
          ...projectRoutes,
          ...purchasingRoutes,
          ...roleRoutes,
          ...pendingScreens.map(({ path, screen }) => ({ path, element: <NotYetAvailable screen={screen} /> })),
          { path: '/not-available/:slug', element: <LegacyScreenRoute /> },
          { path: '*', element: <PageNotFound /> },
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
