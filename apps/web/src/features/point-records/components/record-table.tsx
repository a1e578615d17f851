import { useState } from 'react';
import { Alert, Card, Table, type TableColumnType } from 'antd';
import type { PointRecordRow } from '@syrx/contracts/point-data';
import { formatUtcDateTime } from '../../../lib/date-format';
import { skipTake } from '../../../lib/grid-query';
import { formatPointValue } from '../../../lib/value-format';
import { useRecordPage } from '../api/record-list';
import { type PointStyle, browserMessages } from '../utils/labels';
import type { RecordRange } from '../utils/record-query';
import { serverPagination, loadedEmptyText } from '../../../components/paged-grid';

export const recordPageSizes = [20, 50, 100, 500, 1000];
const defaultPageSize = 50;

/** The raw records of the range, oldest first, a page at a time; the times in UTC like the chart's. */
export function RecordTable({ range, styles }: { range: RecordRange; styles: readonly PointStyle[] }) {
  const [paging, setPaging] = useState({ current: 1, pageSize: defaultPageSize });
  const { records, count } = useRecordPage(range, skipTake(paging));
  const byId = new Map(styles.map((s) => [s.id, s]));
  const error = records.error ?? count.error;
  const columns: TableColumnType<PointRecordRow>[] = [
    { title: 'Timestamp (UTC)', key: 'timestamp', width: 210, render: (_v, r) => formatUtcDateTime(r.timestamp) },
    {
      title: 'Point',
      key: 'point',
      render: (_v, r) => {
        const s = byId.get(r.point_id);
        return <span style={{ borderLeft: `3px solid ${s?.color ?? 'transparent'}`, paddingLeft: 6 }}>{s?.label ?? `Point ${r.point_id}`}</span>;
      },
    },
    { title: 'Value', key: 'value', width: 140, align: 'right', render: (_v, r) => formatPointValue(r.value) },
  ];

  return (
    <Card size="small" title="Records">
      {error && <Alert type="error" showIcon role="alert" style={{ marginBottom: 12 }} title="The records could not be loaded" description={error.message} />}
      <Table<PointRecordRow>
        aria-label="Point records"
        rowKey={(r) => `${r.point_id}:${r.timestamp}`}
        size="small"
        columns={columns}
        dataSource={records.data}
        loading={records.isFetching}
        onChange={(p) => setPaging({ current: p.current ?? 1, pageSize: p.pageSize ?? defaultPageSize })}
        pagination={serverPagination(paging, count.data ?? 0, recordPageSizes, 'records')}
        locale={{ emptyText: error ? 'The records could not be loaded' : loadedEmptyText(records, browserMessages.noRecords) }}
      />
    </Card>
  );
}
