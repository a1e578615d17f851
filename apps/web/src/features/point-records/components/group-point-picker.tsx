import { useState } from 'react';
import { Alert, Empty, Flex, Input, List, Pagination, Spin, Typography } from 'antd';
import { useCurrentUser } from '../../../lib/session';
import { groupPointsPageSize, useGroupPoints } from '../api/group-points';
import type { PickedPoint } from './point-chooser';

/** The current group's own points (uploaded with "Upload group data"), by name, a page at a time; a click adds one. */
export function GroupPointPicker({ onPick }: { onPick: (point: PickedPoint) => void }) {
  const group = useCurrentUser().commissioning_group;
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const points = useGroupPoints(group?.id, page, search);
  if (!group) return <Alert type="info" showIcon title="Choose a current group to pick its points." />;
  return (
    <Flex vertical gap={8}>
      <Typography.Text type="secondary">The points of {group.name}. Click a point to add it.</Typography.Text>
      <Input.Search aria-label="Find a group point" allowClear placeholder="Point name" onSearch={(v) => { setSearch(v.trim()); setPage(0); }} />
      {points.isError && <Alert type="error" showIcon role="alert" title="The group's points could not be loaded" description={points.error.message} />}
      {points.isPending ? <Spin aria-label="Loading the group's points" /> : (
        <div role="region" aria-label="Group points">
          <List
            size="small"
            dataSource={points.data?.items ?? []}
            locale={{ emptyText: <Empty description={search ? 'No point of that name' : 'The group has no points yet'} /> }}
            renderItem={(p) => (
              <List.Item style={{ cursor: 'pointer' }} onClick={() => onPick({ id: p.id, label: p.name })}>
                <Typography.Link>{p.name}</Typography.Link>
                <Typography.Text type="secondary">{`${p.record_count} records${p.unit ? `, ${p.unit}` : ''}`}</Typography.Text>
              </List.Item>
            )}
          />
        </div>
      )}
      {(points.data?.total ?? 0) > groupPointsPageSize && (
        <Pagination size="small" current={page + 1} pageSize={groupPointsPageSize} total={points.data?.total ?? 0} onChange={(p) => setPage(p - 1)} showSizeChanger={false} />
      )}
    </Flex>
  );
}
