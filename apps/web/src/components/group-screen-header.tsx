import type { ReactNode } from 'react';
import { Flex, Typography } from 'antd';

interface GroupScreenHeaderProps {
  title: string;
  /** What the screen lists ("Contacts"): "Contacts of {group}" under the title. */
  what: string;
  /** The current group, when one is chosen. */
  group: { name: string } | null | undefined;
  /** The screen's New button, at the right. */
  action: ReactNode;
}

/** The heading of a screen of the current group's things: the title, whose they are, and the New button. */
export function GroupScreenHeader({ title, what, group, action }: GroupScreenHeaderProps) {
  return (
    <Flex justify="space-between" align="center" wrap gap={8}>
      <div>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {group && (
          <Typography.Text type="secondary">
            {what} of {group.name}
          </Typography.Text>
        )}
      </div>
      {action}
    </Flex>
  );
}
