import { useState } from 'react';
import { Alert, Button, Flex, Select, Table, type TableColumnsType, Typography } from 'antd';
import { Link } from 'react-router';
import type { PointHealthSchedule } from '@syrx/contracts/point-health';
import { formatOptionalDateTime } from '../../../lib/date-format';
import { useCurrentUser } from '../../../lib/session';
import { useSchedules, useSetSchedule } from '../api/point-health';
import { sweepPath } from '../utils/point-health-format';

const hours = Array.from({ length: 24 }, (_, h) => ({ value: h, label: `${String(h).padStart(2, '0')}:00 UTC` }));

/** The groups' daily sweeps, and one to set for the current group (its controllers and its subgroups'). */
export function ScheduledSweeps() {
  const group = useCurrentUser().commissioning_group;
  const schedules = useSchedules();
  const set = useSetSchedule();
  const [hour, setHour] = useState(2);
  const columns: TableColumnsType<PointHealthSchedule> = [
    { title: 'Group', dataIndex: 'group_name', width: 220 },
    { title: 'Every day at', dataIndex: 'hour_utc', width: 130, render: (h: number) => hours[h]?.label },
    { title: 'Next', dataIndex: 'next_run_at', width: 170, render: (t: string) => formatOptionalDateTime(t) },
    { title: 'Last sweep', dataIndex: 'last_sweep_id', width: 110, render: (id: number | null) => (id === null ? '–' : <Link to={sweepPath(id)}>#{id}</Link>) },
    { title: 'Set by', dataIndex: 'username', width: 160 },
    {
      title: '', key: 'remove', width: 110,
      render: (_, s) => (
        <Button size="small" aria-label={`Remove the daily sweep of ${s.group_name ?? s.group_id}`} onClick={() => set.mutate({ groupId: s.group_id, schedule: null })}>
          Remove
        </Button>
      ),
    },
  ];
  return (
    <Flex vertical gap={8}>
      <Typography.Title level={4} style={{ margin: 0 }}>Scheduled sweeps</Typography.Title>
      {group && (
        <Flex gap={8} align="center" wrap>
          <span>Sweep <Typography.Text strong>{group.name}</Typography.Text> and its subgroups every day at</span>
          <Select aria-label="Hour" value={hour} options={hours} onChange={setHour} style={{ width: 130 }} />
          <Button loading={set.isPending} onClick={() => set.mutate({ groupId: group.id, schedule: { hour_utc: hour } })}>Schedule</Button>
        </Flex>
      )}
      {(schedules.error ?? set.error) && <Alert type="error" showIcon role="alert" title={(schedules.error ?? set.error)?.message} />}
      <Table<PointHealthSchedule>
        aria-label="Scheduled sweeps"
        rowKey="group_id"
        size="small"
        columns={columns}
        dataSource={schedules.data}
        loading={schedules.isPending}
        pagination={false}
        locale={{ emptyText: 'No scheduled sweeps' }}
        tableLayout="fixed"
      />
    </Flex>
  );
}
