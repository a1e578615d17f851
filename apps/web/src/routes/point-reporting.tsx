import { PointPickerTree } from '../features/points/components/point-picker-tree';
import { reportingRef } from '../features/points/utils/reporting-points';
import { RecordBrowser } from '../features/point-records/components/record-browser';

/**
 * /point-reporting: the point record browser, the point-reporting link's target while no legacy app is deployed.
 * Its points come from the points feature's picker tree, composed in here (features do not import each other).
 */
export function PointReportingRoute() {
  return <RecordBrowser renderPointPicker={(controllerId, onPick) => <PointPickerTree controllerId={controllerId} onPick={(p) => onPick(reportingRef(p))} />} />;
}
