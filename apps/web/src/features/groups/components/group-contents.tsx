import type { ReactNode } from 'react';
import { Alert, Spin, Table } from 'antd';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { groupChildrenQueryOptions } from '../../../lib/group-tree';
import { useGroupAccountList, useGroupControllers } from '../api/group-members';
import { groupPaths } from '../utils/group-paths';

interface ContentsProps<T> {
  /** What is listed, as the messages name it ("subgroups"). */
  what: string;
  query: UseQueryResult<readonly T[]>;
  item: (x: T) => { key: string | number; title: ReactNode; description?: string };
}

/** One list of what a group holds, with its loading and failure states. */
function Contents<T>({ what, query, item }: ContentsProps<T>) {
  if (query.isPending) return <Spin aria-label={`Loading the ${what}`} />;
  if (query.isError) return <Alert type="error" showIcon role="alert" title={`The ${what} could not be loaded`} description={query.error.message} />;
  const rows = query.data.map(item);
  return (
    <Table<(typeof rows)[number]>
      aria-label={what[0]?.toUpperCase() + what.slice(1)}
      rowKey="key"
      size="small"
      dataSource={rows}
      pagination={false}
      locale={{ emptyText: `No ${what}` }}
      columns={[
        { title: 'Name', dataIndex: 'title', key: 'title' },
        ...(rows.some((r) => r.description !== undefined) ? [{ title: 'Description', dataIndex: 'description', key: 'description' }] : []),
      ]}
    />
  );
}

/** The group's subgroups, each leading to its page. */
export function GroupSubgroups({ groupId }: { groupId: number }) {
  const query = useQuery(groupChildrenQueryOptions(groupId));
  return <Contents what="subgroups" query={query} item={(g) => ({ key: g.id, title: <Link to={groupPaths.group(g.id)}>{g.name}</Link> })} />;
}

/** The group's own Syrx controllers, each leading to its page. */
export function GroupControllers({ groupId }: { groupId: number }) {
  const query = useGroupControllers(groupId);
  return (
    <Contents
      what="Syrx controllers"
      query={query}
      item={(c) => ({ key: c.id, title: <Link to={groupPaths.controller(c.id)}>{c.name === '' ? c.id : c.name}</Link>, description: c.description })}
    />
  );
}

/** The group's building meter accounts, each leading to its editor. */
export function GroupAccounts({ groupId }: { groupId: number }) {
  const query = useGroupAccountList(groupId);
  return (
    <Contents
      what="accounts"
      query={query}
      item={(a) => ({ key: a.id, title: <Link to={groupPaths.account(a.id)}>{a.name}</Link>, description: [a.num, a.type].filter(Boolean).join(' · ') })}
    />
  );
}
