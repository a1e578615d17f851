import { useMemo } from 'react';
import { Alert, App, Button, Card, Empty, Flex, Typography } from 'antd';
import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { PointDataKind } from '@syrx/contracts/point-data';
import type { ReportingPointRef } from '../../../lib/point-reporting-link';
import { recordKeys } from '../api/record-keys';
import { useBrowserState } from '../hooks/use-browser-state';
import { maxBrowserPoints } from '../utils/browser-params';
import { browserMessages, pointLabel, pointStyles } from '../utils/labels';
import { recordsCsvFileName, recordsCsvHref } from '../utils/record-query';
import { DayRangeFields } from './day-range-fields';
import { KindTabs, type PickedPoint, PointChooser, type PointPickers } from './point-chooser';
import { PointTags } from './point-tags';
import { RecordChart } from './record-chart';
import { RecordTable } from './record-table';

const titles: Record<PointDataKind, string> = {
  controller: 'Point records',
  vendor: 'Vendor point records',
  pcs: 'PCS point records',
  group: 'Group point records',
};

/**
 * /point-reporting: the point record browser, of every kind of point the store holds (a tab each: controller BACnet
 * points, vendor, PCS and group points). Points come from the address (the points grids' link, the menu items) and
 * from the kind's picker, which the route composes in; the range is whole UTC days. Chart, table and CSV show the same.
 */
export function RecordBrowser({ pickers }: { pickers: PointPickers }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const state = useBrowserState();
  const { kind, points, days, range } = state;
  const styles = useMemo(() => pointStyles(points), [points]);
  const rangeKey = recordKeys.range(range).join('|');

  const canAdd = (id: number, label: string) => {
    if (range.pointIds.includes(id)) void message.info(`${label} is already shown.`);
    else if (points.length >= maxBrowserPoints) void message.warning(browserMessages.tooManyPoints(maxBrowserPoints));
    else return true;
    return false;
  };
  const addController = (p: ReportingPointRef) => canAdd(p.id, pointLabel(p)) && state.setControllerRefs([...state.controllerRefs, p]);
  const add = (p: PickedPoint) => canAdd(p.id, p.label) && state.setIds([...range.pointIds, p.id]);
  const remove = (ids: readonly number[]) => (kind === 'controller' ? state.setControllerRefs(state.controllerRefs.filter((p) => ids.includes(p.id))) : state.setIds(ids));

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {titles[kind]}
      </Typography.Title>
      <KindTabs kind={kind} onChange={state.setKind} />
      {state.problems.map((p) => (
        <Alert key={p} type="warning" showIcon title={p} />
      ))}
      <Flex gap={16} align="flex-start" wrap>
        <PointChooser kind={kind} pickers={pickers} preferredControllerName={state.controllerRefs[0]?.controllerName} onPickController={addController} onPick={add} />
        <Flex vertical gap={16} style={{ flex: '1 1 600px', minWidth: 0 }}>
          <Card size="small">
            <Flex vertical gap={12}>
              <PointTags points={points} summaries={state.summaries.data} onChange={remove} />
              {state.summaries.isError && <Alert type="warning" showIcon title={`The points' latest records could not be loaded: ${state.summaries.error.message}`} />}
              <Flex gap={8} wrap align="center" justify="space-between">
                <DayRangeFields days={days} onChange={state.setDays} />
                <Flex gap={8}>
                  <Button icon={<ReloadOutlined />} disabled={points.length === 0} onClick={() => void queryClient.invalidateQueries({ queryKey: recordKeys.all })}>
                    Refresh
                  </Button>
                  <Button icon={<DownloadOutlined />} href={points.length === 0 ? undefined : recordsCsvHref(range)} download={recordsCsvFileName(days.fromDay, days.toDay, kind)} disabled={points.length === 0}>
                    Export CSV
                  </Button>
                </Flex>
              </Flex>
            </Flex>
          </Card>
          {points.length === 0 ? (
            <Card size="small">
              <Empty description={browserMessages.noPoints} />
            </Card>
          ) : (
            <>
              <RecordChart range={range} styles={styles} />
              <RecordTable key={rangeKey} range={range} styles={styles} />
            </>
          )}
        </Flex>
      </Flex>
    </Flex>
  );
}
