import { Navigate, Outlet, useParams } from 'react-router';
import { ControllerDetail } from '../features/controllers/components/controller-detail';
import { ControllerEditor } from '../features/controllers/components/controller-editor';
import { ControllerList } from '../features/controllers/components/controller-list';
import { DeleteController } from '../features/controllers/components/delete-controller';
import { EnabledServicesForm } from '../features/controllers/components/enabled-services-form';
import { type AreaBase, areaBase, isControllerId, oldAreaBase } from '../features/controllers/utils/area-paths';

const useControllerId = (): string => useParams().syrxControllerId ?? '';

/** The pages of one controller; a segment that is no controller id is an unknown path of the area. */
function ControllerPages({ base }: { base: AreaBase }) {
  return isControllerId(useParams().syrxControllerId) ? <Outlet /> : <Navigate to={base} replace />;
}
export const AreaPages = () => <ControllerPages base={areaBase} />;
export const OldAreaPages = () => <ControllerPages base={oldAreaBase} />;

/** The screens of the controller areas (the route table is syrx-controllers.tsx). */
export const AreaIndex = () => <ControllerList hint="Choose a Syrx controller in the tree, or manage one from the list." />;
export const OldAreaIndex = () => <ControllerList />;
export const NewController = () => <ControllerEditor />;
export const Detail = () => <ControllerDetail id={useControllerId()} />;
export const Edit = () => <ControllerEditor id={useControllerId()} />;
export const Delete = () => <DeleteController id={useControllerId()} />;
export const Services = () => <EnabledServicesForm id={useControllerId()} />;
