import { Navigate, Outlet, type RouteObject, useParams } from 'react-router';
import { ControllerArea, OldControllerArea } from '../features/controllers/components/controller-area';
import { ControllerList } from '../features/controllers/components/controller-list';
import { ControllerDetail } from '../features/controllers/components/controller-detail';
import { DeleteController } from '../features/controllers/components/delete-controller';
import { ControllerEditor } from '../features/controllers/components/controller-editor';
import { EnabledServicesForm } from '../features/controllers/components/enabled-services-form';
import { type AreaBase, areaBase, isControllerId, oldAreaBase } from '../features/controllers/utils/area-paths';
import { ServiceWithPanels, bacnetScreens, olderBacnetScreens } from './bacnet-screens';
import { LiveLogsRoute, ServiceLogsRoute } from './operations-screens';
import { pressureScreens } from './pressure-control-screens';

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
          { path: 'services/:serviceId/logs', element: <ServiceLogsRoute /> },
          { path: 'logs', element: <LiveLogsRoute /> },
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
          { path: 'services/:serviceId/logs', element: <ServiceLogsRoute /> },
          ...olderBacnetScreens,
          { path: '*', element: <ToControllerRoot base={oldAreaBase} /> },
        ],
      },
      { path: '*', element: <Navigate to={oldAreaBase} replace /> },
    ],
  },
];
