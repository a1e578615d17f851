import type { ReactNode } from 'react';
import { Flex, Typography } from 'antd';

/** A screen: its title (the page's heading), then its content, one part under the other `gap` pixels apart. */
export function Page({ title, gap = 16, children }: { title: ReactNode; gap?: number; children: ReactNode }) {
  return (
    <Flex vertical gap={gap}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      {children}
    </Flex>
  );
}
