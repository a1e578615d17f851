import { Navigate, type RouteObject, useParams } from 'react-router';
import { pressureRoutes } from '../features/pressure-control/utils/pressure-paths';
import { screen } from './lazy-screen';

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
const bacnetScreens: RouteObject[] = [
  { path: 'devices', lazy: screen(bacnet, (m) => m.Devices) },
  { path: 'devices-old', lazy: screen(bacnet, (m) => m.OlderDevices) },
  { path: 'devices/add', lazy: screen(bacnet, (m) => m.AddDevice) },
  { path: 'devices/:syrxControllerBacnetDeviceId', lazy: screen(bacnet, (m) => m.Device) },
  { path: 'devices/:syrxControllerBacnetDeviceId/points', lazy: screen(bacnet, (m) => m.DevicePoints) },
  { path: 'points', lazy: screen(bacnet, (m) => m.ControllerPoints) },
];

const under = (segment: string) => `services/:serviceId/${segment}`;

/** The edit routes of the building pressure control service (spec 01 section 2), below a controller. */
const pressureScreens: RouteObject[] = [
  { path: under(pressureRoutes.configuration), lazy: screen(pressure, (m) => m.ConfigurationEdit) },
  { path: under(pressureRoutes.oatSensor), lazy: screen(pressure, (m) => m.OatSensorEdit) },
  { path: under(pressureRoutes.pnormOutput), lazy: screen(pressure, (m) => m.PnormOutputEdit) },
  { path: under(pressureRoutes.newTransmitter), lazy: screen(pressure, (m) => m.NewTransmitter) },
  { path: under(pressureRoutes.editTransmitter), lazy: screen(pressure, (m) => m.EditTransmitter) },
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
          { index: true, lazy: screen(controller, (m) => m.Detail) },
          { path: 'edit', lazy: screen(controller, (m) => m.Edit) },
          { path: 'delete', lazy: screen(controller, (m) => m.Delete) },
          { path: 'services', lazy: screen(controller, (m) => m.Services) },
          { path: 'services/:serviceId', lazy: screen(servicePage, (m) => m.ServiceWithPanels) },
          { path: 'services/:serviceId/logs', lazy: screen(operations, (m) => m.ServiceLogsRoute) },
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
          { index: true, lazy: screen(controller, (m) => m.Detail) },
          { path: 'edit', lazy: screen(controller, (m) => m.Edit) },
          { path: 'services/:serviceId', lazy: screen(servicePage, (m) => m.ServiceWithPanels) },
          { path: 'services/:serviceId/logs', lazy: screen(operations, (m) => m.ServiceLogsRoute) },
          { path: 'services/:serviceId/devices/add', lazy: screen(bacnet, (m) => m.OlderAddDevice) },
          { path: '*', element: <ToControllerRoot base={oldAreaBase} /> },
        ],
      },
      { path: '*', element: <Navigate to={oldAreaBase} replace /> },
    ],
  },
];
