import { Descriptions } from 'antd';
import type { SyrxController } from '@syrx/contracts/controllers';

/** ID, group ID, group name, name and description of a controller. */
export function GeneralConfiguration({ controller }: { controller: SyrxController }) {
  return (
    <Descriptions
      title="General configuration"
      bordered
      size="small"
      column={1}
      items={[
        { key: 'id', label: 'ID', children: controller.id },
        { key: 'group_id', label: 'Group ID', children: controller.group_id ?? '' },
        { key: 'group_name', label: 'Group name', children: controller.group_name ?? '' },
        { key: 'name', label: 'Name', children: controller.name },
        { key: 'description', label: 'Description', children: controller.description },
      ]}
    />
  );
}
