import { useState } from 'react';
import { Alert, Input, Modal, Select, Typography } from 'antd';
import type { PcsSiteRow } from '@syrx/contracts/point-sources';
import { usePcsSites } from '../api/pcs-sites';

interface DialogProps {
  site: PcsSiteRow;
  error: string | null;
  pending: boolean;
  onCancel: () => void;
}

/** Renames a site (a name another site has is refused: merge them instead). */
export function RenameSiteDialog({ site, error, pending, onCancel, onSave }: DialogProps & { onSave: (name: string) => void }) {
  const [name, setName] = useState(site.site_name);
  return (
    <Modal open title={`Rename ${site.site_name}`} okText="Rename" okButtonProps={{ disabled: name.trim() === '' }} confirmLoading={pending} onOk={() => onSave(name.trim())} onCancel={onCancel}>
      <Input aria-label="Site name" value={name} maxLength={200} onChange={(e) => setName(e.target.value)} />
      {error && <Alert type="error" showIcon role="alert" style={{ marginTop: 12 }} title={error} />}
    </Modal>
  );
}

/** Merges a site into another: its devices, points and records go there, and it goes. */
export function MergeSiteDialog({ site, error, pending, onCancel, onMerge }: DialogProps & { onMerge: (into: number) => void }) {
  const [search, setSearch] = useState('');
  const [into, setInto] = useState<number | null>(null);
  const sites = usePcsSites({ skip: 0, take: 50, search });
  const options = (sites.data?.items ?? []).filter((s) => s.id !== site.id).map((s) => ({ value: s.id, label: `${s.site_name} (${s.device_count} devices)` }));
  return (
    <Modal open title={`Merge ${site.site_name} into another site`} okText="Merge" okButtonProps={{ disabled: into === null, danger: true }} confirmLoading={pending} onOk={() => into !== null && onMerge(into)} onCancel={onCancel}>
      <Typography.Paragraph>
        Its {site.device_count} devices move to the site chosen; a device of a name that site has already joins it, and a point of a name that device has
        already gives it its records (where both have a record, the chosen site&apos;s stays). Then {site.site_name} is deleted.
      </Typography.Paragraph>
      <Select aria-label="Merge into" showSearch={{ filterOption: false, onSearch: setSearch }} loading={sites.isFetching} value={into} onChange={setInto} options={options} style={{ width: '100%' }} placeholder="The site to keep" />
      {error && <Alert type="error" showIcon role="alert" style={{ marginTop: 12 }} title={error} />}
    </Modal>
  );
}
