import type { ReactNode } from 'react';
import { Card, Tabs } from 'antd';
import type { PointDataKind } from '@syrx/contracts/point-data';
import { sharedCatalogueReadPermissions } from '@syrx/contracts/permissions';
import type { ReportingPointRef } from '../../../lib/point-reporting-link';
import { useCurrentUser } from '../../../lib/session';
import { GroupPointPicker } from './group-point-picker';
import { PointSource, type RenderPointPicker } from './point-source';

/** A point picked in a tree or list: its id, and a name to tell the user about it. */
export interface PickedPoint {
  id: number;
  label: string;
}
export type RenderIdPicker = (onPick: (point: PickedPoint) => void) => ReactNode;

/** The pickers the route composes in (features do not import each other): a controller's points, the vendor and PCS trees. */
export interface PointPickers {
  controller: RenderPointPicker;
  vendor: RenderIdPicker;
  pcs: RenderIdPicker;
}

export const kindLabels: Record<PointDataKind, string> = {
  controller: 'Syrx controller points',
  vendor: 'Vendor points',
  pcs: 'PCS points',
  group: 'Group points',
};

/** The kinds the user may read (BACnet points: any; vendor and PCS points: the shared catalogues' readers; group points: group_data_view), and `current`. */
export function useReadableKinds(current: PointDataKind): PointDataKind[] {
  const { permissions } = useCurrentUser();
  const shared = sharedCatalogueReadPermissions.some((p) => permissions.includes(p));
  const allowed: Record<PointDataKind, boolean> = { controller: true, vendor: shared, pcs: shared, group: permissions.includes('group_data_view') };
  return (Object.keys(kindLabels) as PointDataKind[]).filter((k) => allowed[k] || k === current);
}

/** A tab per kind of point the user may read; choosing one shows that kind's points. */
export function KindTabs({ kind, onChange }: { kind: PointDataKind; onChange: (kind: PointDataKind) => void }) {
  const kinds = useReadableKinds(kind);
  return <Tabs aria-label="Kind of points" activeKey={kind} onChange={(k) => onChange(k as PointDataKind)} items={kinds.map((k) => ({ key: k, label: kindLabels[k] }))} />;
}

interface PointChooserProps {
  kind: PointDataKind;
  pickers: PointPickers;
  /** The controller shown first (controller points): the one the first chosen point belongs to. */
  preferredControllerName: string | undefined;
  onPickController: (point: ReportingPointRef) => void;
  onPick: (point: PickedPoint) => void;
}

/** The "Add points" card: the picker of the kind shown. */
export function PointChooser({ kind, pickers, preferredControllerName, onPickController, onPick }: PointChooserProps) {
  const body = (() => {
    switch (kind) {
      case 'controller':
        return <PointSource preferredControllerName={preferredControllerName} renderPointPicker={pickers.controller} onPick={onPickController} />;
      case 'vendor':
      case 'pcs':
        return pickers[kind](onPick);
      case 'group':
        return <GroupPointPicker onPick={onPick} />;
    }
  })();
  return (
    <Card size="small" title="Add points" style={{ width: 380, flex: 'none' }} styles={{ body: { maxHeight: 800, overflow: 'auto' } }}>
      {body}
    </Card>
  );
}
