import { Card, Splitter } from 'antd';
import { Outlet } from 'react-router';
import { useControllerScope } from '../hooks/use-controller-scope';
import { areaBase, oldAreaBase } from '../utils/area-paths';
import { ControllerTree } from './controller-tree';
import { AreaBaseProvider } from './area-context';
import { AreaHeader } from './area-header';

/** Spec 01 section 9: the tree panel is 800 px high and the secondary (detail) pane starts at 80 percent. */
export const treePanelHeight = 800;
export const treePaneSize = '20%';
export const detailPaneSize = '80%';

/** /admin/syrx-controllers and everything below it: the tree on one side, the page on the other. */
export function ControllerArea() {
  const scope = useControllerScope();
  return (
    <AreaBaseProvider base={areaBase}>
      <AreaHeader title="Syrx controllers" scope={scope} />
      <Splitter style={{ background: '#fff', border: '1px solid #f0f0f0', borderRadius: 8 }}>
        <Splitter.Panel defaultSize={treePaneSize} min="12%" max="50%">
          <nav aria-label="Syrx controllers" style={{ height: treePanelHeight, overflowY: 'auto', overflowX: 'hidden', padding: 12 }}>
            <ControllerTree rootGroupId={scope.rootGroupId} enabled={!scope.noCurrentGroup} />
          </nav>
        </Splitter.Panel>
        <Splitter.Panel defaultSize={detailPaneSize}>
          <section aria-label="Detail pane" style={{ padding: 16, minHeight: treePanelHeight }}>
            <Outlet />
          </section>
        </Splitter.Panel>
      </Splitter>
    </AreaBaseProvider>
  );
}

/** /admin/syrx-controllers-old: the older form of the area, its screens without the tree. */
export function OldControllerArea() {
  const scope = useControllerScope();
  return (
    <AreaBaseProvider base={oldAreaBase}>
      <AreaHeader title="Syrx controllers (earlier form)" scope={scope} />
      <Card>
        <Outlet />
      </Card>
    </AreaBaseProvider>
  );
}
