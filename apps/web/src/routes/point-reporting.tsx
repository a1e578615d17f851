import { RecordBrowser } from '../features/point-records/components/record-browser';
import { pointPickers } from './point-pickers';

/**
 * /point-reporting: the point record browser, the point-reporting link's target while no legacy app is deployed, and
 * the Report Data menu's vendor, PCS and group point record browsers (?kind=vendor|pcs|group).
 */
export function PointReportingRoute() {
  return <RecordBrowser pickers={pointPickers} />;
}
