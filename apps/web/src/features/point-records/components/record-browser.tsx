import { useMemo } from 'react';
import { Alert, App, Button, Card, Empty, Flex, Typography } from 'antd';
import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { ReportingPointRef } from '../../../lib/point-reporting-link';
import { useLatestRecords } from '../api/latest-records';
import { recordKeys } from '../api/record-keys';
import { useBrowserState } from '../hooks/use-browser-state';
import { maxBrowserPoints } from '../utils/browser-params';
import { browserMessages, pointLabel, pointStyles } from '../utils/labels';
import { recordsCsvFileName, recordsCsvHref } from '../utils/record-query';
import { DayRangeFields } from './day-range-fields';
import { PointTags } from './point-tags';
import { PointSource, type RenderPointPicker } from './point-source';
import { RecordChart } from './record-chart';
import { RecordTable } from './record-table';

/**
 * /point-reporting: the point record browser. Points come from the address (the points grids' link) and from the
 * point-picker tree, which the route composes in; the range is whole UTC days. Chart, table and CSV show the same.
 */
export function RecordBrowser({ renderPointPicker }: { renderPointPicker: RenderPointPicker }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { points, days, range, problems, setPoints, setDays } = useBrowserState();
  const latest = useLatestRecords(range.pointIds);
  const styles = useMemo(() => pointStyles(points), [points]);
  const rangeKey = recordKeys.range(range).join('|');

  const add = (point: ReportingPointRef) => {
    if (points.some((p) => p.id === point.id)) void message.info(`${pointLabel(point)} is already shown.`);
    else if (points.length >= maxBrowserPoints) void message.warning(browserMessages.tooManyPoints(maxBrowserPoints));
    else setPoints([...points, point]);
  };
  const csv = recordsCsvHref(range);

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Point records
      </Typography.Title>
      {problems.map((p) => (
        <Alert key={p} type="warning" showIcon title={p} />
      ))}
      <Flex gap={16} align="flex-start" wrap>
        <Card size="small" title="Add points" style={{ width: 380, flex: 'none' }}>
          <PointSource preferredControllerName={points[0]?.controllerName} renderPointPicker={renderPointPicker} onPick={add} />
        </Card>
        <Flex vertical gap={16} style={{ flex: '1 1 600px', minWidth: 0 }}>
          <Card size="small">
            <Flex vertical gap={12}>
              <PointTags points={points} latest={latest.data} onChange={setPoints} />
              {latest.isError && <Alert type="warning" showIcon title={`The points' latest records could not be loaded: ${latest.error.message}`} />}
              <Flex gap={8} wrap align="center" justify="space-between">
                <DayRangeFields days={days} onChange={setDays} />
                <Flex gap={8}>
                  <Button icon={<ReloadOutlined />} disabled={points.length === 0} onClick={() => void queryClient.invalidateQueries({ queryKey: recordKeys.all })}>
                    Refresh
                  </Button>
                  <Button icon={<DownloadOutlined />} href={points.length === 0 ? undefined : csv} download={recordsCsvFileName(days.fromDay, days.toDay)} disabled={points.length === 0}>
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
