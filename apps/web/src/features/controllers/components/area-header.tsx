import { Alert, Button, Flex, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../../lib/session';
import type { ScopeState } from '../hooks/use-controller-scope';
import { canManageControllers, needsPcsAdmin } from '../utils/permissions';
import { useAreaPaths } from './area-context';
import { ScopeSelect } from './scope-select';

/** The area's title, the scope selector and the Setup new controller button. */
export function AreaHeader({ title, scope }: { title: string; scope: ScopeState }) {
  const user = useCurrentUser();
  const paths = useAreaPaths();
  const navigate = useNavigate();
  const mayCreate = canManageControllers(user);
  return (
    <>
      <Flex align="center" gap={16} wrap style={{ marginBottom: 16 }}>
        <Typography.Title level={2} style={{ margin: 0, flex: 1 }}>
          {title}
        </Typography.Title>
        <ScopeSelect state={scope} />
        <Button type="primary" disabled={!mayCreate} title={mayCreate ? undefined : needsPcsAdmin} onClick={() => void navigate(paths.newController)}>
          Setup new controller
        </Button>
      </Flex>
      {scope.noCurrentGroup && (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title="Choose a current group (Change, above) to see its Syrx controllers." />
      )}
    </>
  );
}
