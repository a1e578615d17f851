import { useParams, useSearchParams } from 'react-router';
import { EditVersionScreen } from '../features/service-versions/components/edit-version-screen';
import { NewVersionForm } from '../features/service-versions/components/new-version-form';

export { ServicesScreen } from '../features/service-versions/components/services-screen';

export function NewVersionRoute() {
  const [params] = useSearchParams();
  const serviceId = params.get('serviceId') ?? undefined;
  return <NewVersionForm key={serviceId ?? ''} serviceId={serviceId} />;
}

export function EditVersionRoute() {
  const { serviceId = '', versionName = '' } = useParams();
  return <EditVersionScreen key={`${serviceId}/${versionName}`} serviceId={serviceId} versionName={versionName} />;
}
