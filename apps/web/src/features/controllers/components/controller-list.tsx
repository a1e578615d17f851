import { Typography } from 'antd';
import { useControllerScope } from '../hooks/use-controller-scope';
import { ControllerGrid } from './controller-grid';

/** The area's start page: the paged grid of the controllers in scope. */
export function ControllerList({ hint }: { hint?: string }) {
  const scope = useControllerScope();
  return (
    <>
      {hint !== undefined && <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph>}
      {/* A new scope starts the grid over at its first page. */}
      <ControllerGrid key={scope.rootGroupId ?? 'all'} rootGroupId={scope.rootGroupId} enabled={!scope.noCurrentGroup} />
    </>
  );
}
