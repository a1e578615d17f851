import { useState } from 'react';
import { Alert, App, Button, Flex, Input, Popconfirm, Result, Space, Table, type TableColumnsType, Typography } from 'antd';
import type { PcsSiteRow } from '@syrx/contracts/point-sources';
import { skipTake } from '../../../lib/grid-query';
import { useCurrentUser } from '../../../lib/session';
import { usePcsSiteChanges, usePcsSites } from '../api/pcs-sites';
import { MergeSiteDialog, RenameSiteDialog } from './pcs-site-dialogs';
import { permissionWithKey } from '@syrx/contracts/permissions';

type Dialog = { kind: 'rename' | 'merge'; site: PcsSiteRow } | null;

/** The sites' table: paged, found by name. */
function SitesTable({ onRename, onMerge }: { onRename: (s: PcsSiteRow) => void; onMerge: (s: PcsSiteRow) => void }) {
  const { message } = App.useApp();
  const [paging, setPaging] = useState({ current: 1, pageSize: 20 });
  const [search, setSearch] = useState('');
  const sites = usePcsSites({ ...skipTake(paging), search });
  const { remove } = usePcsSiteChanges();
  const columns: TableColumnsType<PcsSiteRow> = [
    { title: 'Site', dataIndex: 'site_name', key: 'site_name' },
    { title: 'Devices', dataIndex: 'device_count', key: 'device_count', align: 'right', width: 100 },
    { title: 'Points', dataIndex: 'point_count', key: 'point_count', align: 'right', width: 100 },
    { title: 'Records', dataIndex: 'record_count', key: 'record_count', align: 'right', width: 120, render: (n: number) => n.toLocaleString('en-US') },
    {
      title: 'Actions', key: 'actions', width: 260,
      render: (_v, s) => (
        <Space>
          <Button size="small" onClick={() => onRename(s)}>Rename</Button>
          <Button size="small" onClick={() => onMerge(s)}>Merge into…</Button>
          <Popconfirm title={`Delete ${s.site_name}?`} okText="Delete" okButtonProps={{ danger: true }} onConfirm={() => remove.mutate(s.id, { onError: (e) => void message.error(e.message), onSuccess: () => void message.success(`${s.site_name} deleted.`) })}>
            <Button size="small" danger disabled={s.device_count > 0} title={s.device_count > 0 ? 'Only a site without devices can be deleted' : undefined}>Delete</Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <Flex vertical gap={12}>
      <Input.Search aria-label="Find a site" allowClear placeholder="Site name" style={{ maxWidth: 320 }} onSearch={(v) => { setSearch(v.trim()); setPaging((p) => ({ ...p, current: 1 })); }} />
      {sites.isError && <Alert type="error" showIcon role="alert" title="The PCS sites could not be loaded" description={sites.error.message} />}
      <Table<PcsSiteRow>
        aria-label="PCS sites" rowKey="id" size="small" columns={columns} dataSource={sites.data?.items} loading={sites.isFetching}
        onChange={(p) => setPaging({ current: p.current ?? 1, pageSize: p.pageSize ?? 20 })}
        pagination={{ ...paging, total: sites.data?.total ?? 0, showSizeChanger: true, showTotal: (total, [a, b]) => `${a}-${b} of ${total} sites` }}
      />
    </Flex>
  );
}

/** /admin/pcs-sites (Admin → PCS sites, pcs_admin): the PCS sites with what they hold; rename, merge duplicates, delete an empty one. */
export function PcsSitesScreen() {
  const { message } = App.useApp();
  const { permissions } = useCurrentUser();
  const [dialog, setDialog] = useState<Dialog>(null);
  const { rename, merge } = usePcsSiteChanges();
  const close = () => { setDialog(null); rename.reset(); merge.reset(); };
  if (!permissions.includes('pcs_admin')) return <Result status="403" title="Not allowed" subTitle={`Managing PCS sites needs the permission ${permissionWithKey('pcs_admin')}.`} />;
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>PCS sites</Typography.Title>
      <SitesTable onRename={(site) => setDialog({ kind: 'rename', site })} onMerge={(site) => setDialog({ kind: 'merge', site })} />
      {dialog?.kind === 'rename' && (
        <RenameSiteDialog site={dialog.site} error={rename.error?.message ?? null} pending={rename.isPending} onCancel={close}
          onSave={(name) => rename.mutate({ id: dialog.site.id, site_name: name }, { onSuccess: (s) => { void message.success(`Renamed to ${s.site_name}.`); close(); } })} />
      )}
      {dialog?.kind === 'merge' && (
        <MergeSiteDialog site={dialog.site} error={merge.error?.message ?? null} pending={merge.isPending} onCancel={close}
          onMerge={(into) => merge.mutate({ id: dialog.site.id, into }, {
            onSuccess: (r) => { void message.success(`Merged into ${r.site.site_name}: ${r.devices_moved} devices moved, ${r.devices_merged} joined, ${r.points_merged} points merged (${r.records_merged} records).`); close(); },
          })} />
      )}
    </Flex>
  );
}
