import { type RouteObject, useParams, useSearchParams } from 'react-router';
import { EditVersionScreen } from '../features/service-versions/components/edit-version-screen';
import { NewVersionForm } from '../features/service-versions/components/new-version-form';
import { ServicesScreen } from '../features/service-versions/components/services-screen';

function NewVersionRoute() {
  const [params] = useSearchParams();
  const serviceId = params.get('serviceId') ?? undefined;
  return <NewVersionForm key={serviceId ?? ''} serviceId={serviceId} />;
}

function EditVersionRoute() {
  const { serviceId = '', versionName = '' } = useParams();
  return <EditVersionScreen key={`${serviceId}/${versionName}`} serviceId={serviceId} versionName={versionName} />;
}

/** The service and version manager (spec 02 section 2; docs/service-versions.md). */
export const serviceVersionRoutes: RouteObject[] = [
  { path: '/admin/syrx-controller-services', element: <ServicesScreen /> },
  { path: '/admin/syrx-controller-service-versions/new', element: <NewVersionRoute /> },
  { path: '/admin/syrx-controller-services/:serviceId/versions/:versionName', element: <EditVersionRoute /> },
];
