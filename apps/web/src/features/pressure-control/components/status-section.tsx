import type { ReactNode } from 'react';
import { Descriptions, type DescriptionsProps } from 'antd';

export type StatusItems = NonNullable<DescriptionsProps['items']>;

/** A part of the status panel: its title, a label and a value a row, and a button that leads to its editor. */
export function StatusSection({ title, extra, items }: { title: string; extra?: ReactNode; items: StatusItems }) {
  return <Descriptions title={title} bordered size="small" column={1} extra={extra} items={items} />;
}
