import { Alert, Button, Result, Spin } from 'antd';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useAreaPaths } from './area-context';

/** Shown while a screen's data loads. */
export function Loading({ what }: { what: string }) {
  return (
    <div style={{ padding: 48, textAlign: 'center' }}>
      <Spin aria-label={`Loading ${what}`} />
    </div>
  );
}

/** A screen whose data could not be loaded: a missing controller, or the server's message. */
export function LoadFailed({ error }: { error: Error }) {
  const paths = useAreaPaths();
  if (error instanceof ApiError && error.status === 404) {
    return (
      <Result
        status="404"
        title="Syrx controller not found"
        subTitle={error.message}
        extra={<Link to={paths.base}>Back to the Syrx controllers</Link>}
      />
    );
  }
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title="The Syrx controller could not be loaded"
      description={error.message}
      action={<Button onClick={() => window.location.reload()}>Reload</Button>}
    />
  );
}

/** The server's message for a refused or failed call, with the message of each field it names. */
export function CallFailed({ error, title }: { error: Error; title?: string }) {
  const fields = error instanceof ApiError ? (error.body.fields ?? []) : [];
  const description =
    fields.length === 0 ? undefined : (
      <ul style={{ margin: 0, paddingLeft: 20 }}>
        {fields.map((f) => (
          <li key={`${f.field}:${f.message}`}>{`${f.field}: ${f.message}`}</li>
        ))}
      </ul>
    );
  return <Alert type="error" showIcon role="alert" style={{ marginBottom: 16 }} title={title ?? error.message} description={title ? error.message : description} />;
}
