import { Alert, Button, Flex } from 'antd';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/**
 * What shows when loading the session or a screen fails in a way the screen does not handle itself (a screen's code
 * that no longer loads, after a release, among them). An Alert rather than antd's Result: Result brings its large
 * status illustrations into every page's first download.
 */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Unknown error';
  return (
    <Flex justify="center" style={{ padding: 48 }}>
      <Alert
        type="error"
        showIcon
        style={{ maxWidth: 640, width: '100%' }}
        title="Something went wrong"
        description={detail}
        action={
          <Button type="primary" onClick={() => window.location.reload()}>
            Reload the page
          </Button>
        }
      />
    </Flex>
  );
}
