import type { ReactNode } from 'react';
import { Card } from 'antd';

/** The narrow card of the pages about one's password (as the sign-in page's). */
export function PasswordCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card title={title} style={{ maxWidth: 460, margin: '48px auto' }}>
      {children}
    </Card>
  );
}
