import { PointTree } from '../features/data-moves/components/move-point-tree';
import { PointPickerTree } from '../features/points/components/point-picker-tree';
import { reportingRef } from '../features/points/utils/reporting-points';
import type { PointPickers } from '../features/point-records/components/point-chooser';

/**
 * The pickers of each kind of point, composed from the features that have them (features do not import each other):
 * a controller's point-picker tree, and the vendor and PCS trees of the move wizard. The point record browser and the
 * availability report use them.
 */
export const pointPickers: PointPickers = {
  controller: (controllerId, onPick) => <PointPickerTree controllerId={controllerId} onPick={(p) => onPick(reportingRef(p))} />,
  vendor: (onPick) => <PointTree kind="vendor" onPick={(p) => p.vendorPointId !== null && onPick({ id: p.vendorPointId, label: p.name })} />,
  pcs: (onPick) => <PointTree kind="pcs" onPick={(p) => p.pcsPointId !== null && onPick({ id: p.pcsPointId, label: p.name })} />,
};
