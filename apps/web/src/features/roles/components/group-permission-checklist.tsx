import { Alert, Checkbox, Spin, Typography } from 'antd';
import { PermissionName } from '../../../components/permission-name';
import { useGroupPermissionCatalogue } from '../api/group-roles';

interface GroupPermissionChecklistProps {
  value?: string[];
  onChange?: (ids: string[]) => void;
  disabled?: boolean;
}

/** The group permissions of the server's catalogue (GET /api/v2/group-permissions) as checkboxes: name, then description. */
export function GroupPermissionChecklist({ value = [], onChange, disabled }: GroupPermissionChecklistProps) {
  const catalogue = useGroupPermissionCatalogue();
  if (catalogue.isPending) return <Spin aria-label="Loading group permissions" />;
  if (catalogue.isError) return <Alert type="error" showIcon role="alert" title="The group permissions could not be loaded" description={catalogue.error.message} />;
  return (
    <Checkbox.Group
      aria-label="Group permissions"
      disabled={disabled}
      value={value}
      onChange={(ids) => onChange?.(catalogue.data.map((p) => p.id).filter((id) => ids.includes(id)))}
      style={{ display: 'flex', flexDirection: 'column', gap: 6 }}
      options={catalogue.data.map((p) => ({
        value: p.id,
        label: (
          <span>
            <PermissionName permission={p.id} group /> <Typography.Text type="secondary">{p.description}</Typography.Text>
          </span>
        ),
      }))}
    />
  );
}
