import { AvailabilityReport } from '../features/point-records/components/availability-report';
import { pointPickers } from './point-pickers';

export { GroupUploadScreen } from '../features/data-imports/components/group-upload-screen';
export { PcsSitesScreen } from '../features/data-moves/components/pcs-sites-screen';

/** /report-data/availability: the point data availability report, with the point record browser's pickers. */
export function AvailabilityRoute() {
  return <AvailabilityReport pickers={pointPickers} />;
}
