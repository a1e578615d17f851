import type { ReactNode } from 'react';
import { theme } from 'antd';

/**
 * A card as antd's Card draws one with a title: the sign-in page is the first page most visits load, and Card brings
 * its tabs and their dropdowns into that download (docs/decisions.md, delivery of the web app).
 */
export function SignInCard({ title, children }: { title: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <section
      aria-label={title}
      style={{ maxWidth: 420, margin: '48px auto', background: token.colorBgContainer, border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadiusLG }}
    >
      <div style={{ padding: `0 ${token.paddingLG}px`, minHeight: 56, display: 'flex', alignItems: 'center', borderBottom: `1px solid ${token.colorBorderSecondary}`, fontWeight: token.fontWeightStrong, fontSize: token.fontSizeLG, color: token.colorTextHeading }}>
        {title}
      </div>
      <div style={{ padding: token.paddingLG }}>{children}</div>
    </section>
  );
}
