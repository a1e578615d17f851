import { Navigate, type RouteObject, useParams } from 'react-router';
import { pressureRoutes } from '../features/pressure-control/utils/pressure-paths';
import { screen, screenRoutes } from './lazy-screen';

// The areas' paths, the same as features/controllers/utils/area-paths.ts (whose links the route tests follow): that
// module brings the controllers' contracts, which no page needs before it shows a controller screen.
const areaBase = '/admin/syrx-controllers';
const oldAreaBase = '/admin/syrx-controllers-old';
type AreaBase = typeof areaBase | typeof oldAreaBase;

// The modules of the screens, each loaded when one of its routes is first visited.
const area = () => import('../features/controllers/components/controller-area');
const controller = () => import('./controller-screens');
const servicePage = () => import('./service-page');
const operations = () => import('./operations-screens');
const bacnet = () => import('./bacnet-screens');
const pressure = () => import('./pressure-control-screens');

const useControllerId = (): string => useParams().syrxControllerId ?? '';

const ToControllerRoot = ({ base }: { base: AreaBase }) => <Navigate to={`${base}/${useControllerId()}`} replace />;

/** The device and point screens of a controller (spec 01 section 2). */
const bacnetScreens = screenRoutes(bacnet, {
  devices: 'Devices',
  'devices-old': 'OlderDevices',
  'devices/add': 'AddDevice',
  'devices/:syrxControllerBacnetDeviceId': 'Device',
  'devices/:syrxControllerBacnetDeviceId/points': 'DevicePoints',
  points: 'ControllerPoints',
});

const under = (segment: string) => `services/:serviceId/${segment}`;

/** The edit routes of the building pressure control service (spec 01 section 2), below a controller. */
const pressureScreens = screenRoutes(pressure, {
  [under(pressureRoutes.configuration)]: 'ConfigurationEdit',
  [under(pressureRoutes.oatSensor)]: 'OatSensorEdit',
  [under(pressureRoutes.pnormOutput)]: 'PnormOutputEdit',
  [under(pressureRoutes.newTransmitter)]: 'NewTransmitter',
  [under(pressureRoutes.editTransmitter)]: 'EditTransmitter',
});

/**
 * The pages of a controller in both areas: its detail, its editor and a service's page with its logs. New route
 * objects for each area: a lazy route object that stands in two places of the tree does not load in the second.
 */
const controllerPages = (): RouteObject[] => [
  { index: true, lazy: screen(controller, (m) => m.Detail) },
  { path: 'edit', lazy: screen(controller, (m) => m.Edit) },
  { path: 'services/:serviceId', lazy: screen(servicePage, (m) => m.ServiceWithPanels) },
  { path: 'services/:serviceId/logs', lazy: screen(operations, (m) => m.ServiceLogsRoute) },
];

/** /admin/syrx-controllers (tree and detail pane) and its older form /admin/syrx-controllers-old. */
export const controllerRoutes: RouteObject[] = [
  {
    path: areaBase,
    lazy: screen(area, (m) => m.ControllerArea),
    children: [
      { index: true, lazy: screen(controller, (m) => m.AreaIndex) },
      { path: 'new', lazy: screen(controller, (m) => m.NewController) },
      {
        path: ':syrxControllerId',
        lazy: screen(controller, (m) => m.AreaPages),
        children: [
          ...controllerPages(),
          { path: 'delete', lazy: screen(controller, (m) => m.Delete) },
          { path: 'services', lazy: screen(controller, (m) => m.Services) },
          { path: 'logs', lazy: screen(operations, (m) => m.LiveLogsRoute) },
          ...bacnetScreens,
          ...pressureScreens,
          { path: '*', element: <ToControllerRoot base={areaBase} /> },
        ],
      },
      { path: '*', element: <Navigate to={areaBase} replace /> },
    ],
  },
  {
    path: oldAreaBase,
    lazy: screen(area, (m) => m.OldControllerArea),
    children: [
      { index: true, lazy: screen(controller, (m) => m.OldAreaIndex) },
      {
        path: ':syrxControllerId',
        lazy: screen(controller, (m) => m.OldAreaPages),
        children: [
          ...controllerPages(),
          { path: 'services/:serviceId/devices/add', lazy: screen(bacnet, (m) => m.OlderAddDevice) },
          { path: '*', element: <ToControllerRoot base={oldAreaBase} /> },
        ],
      },
      { path: '*', element: <Navigate to={oldAreaBase} replace /> },
    ],
  },
];
