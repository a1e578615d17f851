import { useLocation, useParams } from 'react-router';
import { areaBase, oldAreaBase } from '../features/controllers/utils/area-paths';
import { LiveLogScreen } from '../features/live-logs/components/live-log-screen';
import { ServiceLogGrid } from '../features/service-logs/components/service-log-grid';

const useControllerId = (): string => useParams().syrxControllerId ?? '';

/** …/logs: the controller's live logs; a new controller gets a new stream. */
export function LiveLogsRoute() {
  const id = useControllerId();
  return <LiveLogScreen key={id} controllerId={id} />;
}

/** …/services/{serviceId}/logs in either area; Back leads to the service's page in the same area. */
export function ServiceLogsRoute() {
  const id = useControllerId();
  const serviceId = useParams().serviceId ?? '';
  const base = useLocation().pathname.startsWith(`${oldAreaBase}/`) ? oldAreaBase : areaBase;
  const backTo = `${base}/${encodeURIComponent(id)}/services/${encodeURIComponent(serviceId)}`;
  return <ServiceLogGrid key={`${id}/${serviceId}`} controllerId={id} serviceId={serviceId} backTo={backTo} />;
}
