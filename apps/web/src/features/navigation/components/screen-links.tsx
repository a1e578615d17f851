import { Card, Col, Empty, Row } from 'antd';
import { Link } from 'react-router';
import { useLegacyAppUrl } from '../../../lib/client-config';
import { menuLink, visibleMenus } from '../menu-items';

/** Cards of the screens a user may open, by menu, as on the top navigation (only screens that exist: no dead ends). */
export function ScreenLinks({ permissions }: { permissions: readonly string[] }) {
  const legacyAppUrl = useLegacyAppUrl();
  const visible = visibleMenus(permissions, legacyAppUrl);
  if (visible.length === 0) return <Empty description="No screens are open to you yet: ask an administrator of your group for the permissions you need." />;
  return (
    <Row gutter={[16, 16]}>
      {visible.map((menu) => (
        <Col key={menu.key} xs={24} md={12} xl={6}>
          <Card title={menu.label} size="small">
            <ul style={{ margin: 0, paddingLeft: 20 }}>
              {menu.items.map((item) => {
                const link = menuLink(item, legacyAppUrl);
                if (!link) return null;
                return (
                  <li key={item.key}>
                    {link.external ? <a href={link.href}>{item.label}</a> : <Link to={link.href}>{item.label}</Link>}
                  </li>
                );
              })}
            </ul>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
