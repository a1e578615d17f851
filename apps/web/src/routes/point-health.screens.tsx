import { useParams } from 'react-router';
import { PageNotFound } from '../components/page-not-found';
import { SweepScreen } from '../features/point-health/components/sweep-screen';

export { FleetScreen } from '../features/point-health/components/fleet-screen';

/** A sweep's page; a path that holds no id is no page. A new id starts afresh (no filter or page of the previous one). */
export function SweepRoute() {
  const raw = useParams().sweepId ?? '';
  return /^[1-9]\d{0,9}$/.test(raw) ? <SweepScreen key={raw} id={Number(raw)} /> : <PageNotFound />;
}
