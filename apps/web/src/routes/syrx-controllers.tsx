import { Navigate, Outlet, type RouteObject, useParams } from 'react-router';
import { NotYetAvailable } from '../components/not-yet-available';
import { ControllerArea, OldControllerArea } from '../features/controllers/components/controller-area';
import { ControllerList } from '../features/controllers/components/controller-list';
import { ControllerDetail } from '../features/controllers/components/controller-detail';
import { DeleteController } from '../features/controllers/components/delete-controller';
import { ControllerEditor } from '../features/controllers/components/controller-editor';
import { EnabledServicesForm } from '../features/controllers/components/enabled-services-form';
import { type AreaBase, areaBase, isControllerId, oldAreaBase } from '../features/controllers/utils/area-paths';
import { ServiceWithPanels, bacnetScreens, olderBacnetScreens } from './bacnet-screens';

const useControllerId = (): string => useParams().syrxControllerId ?? '';

/** The pages of one controller; a segment that is no controller id is an unknown path of the area. */
function ControllerPages({ base }: { base: AreaBase }) {
  return isControllerId(useParams().syrxControllerId) ? <Outlet /> : <Navigate to={base} replace />;
}

const ToControllerRoot = ({ base }: { base: AreaBase }) => <Navigate to={`${base}/${useControllerId()}`} replace />;

const Detail = () => <ControllerDetail id={useControllerId()} />;
const Edit = () => <ControllerEditor id={useControllerId()} />;
const Delete = () => <DeleteController id={useControllerId()} />;
const Services = () => <EnabledServicesForm id={useControllerId()} />;

const pending = (path: string, screen: string): RouteObject => ({ path, element: <NotYetAvailable screen={screen} /> });

/** Screens of the controller area that later issues build (spec 01 section 2). */
const laterScreens: RouteObject[] = [
  pending('logs', 'Controller live logs'),
  pending('services/:serviceId/logs', 'Service logs'),
  pending('services/:serviceId/configuration/edit', 'Building pressure control configuration'),
  pending('services/:serviceId/oat-sensor/edit', 'Outside-air-temperature sensor'),
  pending('services/:serviceId/pnorm-output/edit', 'Normalised pressure output'),
  pending('services/:serviceId/building-pressure-transmitters/new', 'New building pressure transmitter'),
  pending('services/:serviceId/building-pressure-transmitters/:syrxControllerBuildingPressureTransmitterId/edit', 'Building pressure transmitter'),
];

/** /admin/syrx-controllers (tree and detail pane) and its older form /admin/syrx-controllers-old. */
export const controllerRoutes: RouteObject[] = [
  {
    path: areaBase,
    element: <ControllerArea />,
    children: [
      { index: true, element: <ControllerList hint="Choose a Syrx controller in the tree, or manage one from the list." /> },
      { path: 'new', element: <ControllerEditor /> },
      {
        path: ':syrxControllerId',
        element: <ControllerPages base={areaBase} />,
        children: [
          { index: true, element: <Detail /> },
          { path: 'edit', element: <Edit /> },
          { path: 'delete', element: <Delete /> },
          { path: 'services', element: <Services /> },
          { path: 'services/:serviceId', element: <ServiceWithPanels /> },
          ...bacnetScreens,
          ...laterScreens,
          { path: '*', element: <ToControllerRoot base={areaBase} /> },
        ],
      },
      { path: '*', element: <Navigate to={areaBase} replace /> },
    ],
  },
  {
    path: oldAreaBase,
    element: <OldControllerArea />,
    children: [
      { index: true, element: <ControllerList /> },
      {
        path: ':syrxControllerId',
        element: <ControllerPages base={oldAreaBase} />,
        children: [
          { index: true, element: <Detail /> },
          { path: 'edit', element: <Edit /> },
          { path: 'services/:serviceId', element: <ServiceWithPanels /> },
          pending('services/:serviceId/logs', 'Service logs'),
          ...olderBacnetScreens,
          { path: '*', element: <ToControllerRoot base={oldAreaBase} /> },
        ],
      },
      { path: '*', element: <Navigate to={oldAreaBase} replace /> },
    ],
  },
];
