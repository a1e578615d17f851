import { Alert, Result, Spin } from 'antd';
import { Link } from 'react-router';

export function Loading({ what }: { what: string }) {
  return <Spin aria-label={`Loading ${what}`} style={{ display: 'block', margin: '48px auto' }} />;
}

export function LoadFailed({ what, error }: { what: string; error: Error }) {
  return <Alert type="error" showIcon role="alert" title={`The ${what} could not be loaded`} description={error.message} />;
}

/** The item of an editor's path does not exist (the server answered 404, or the path holds no id). */
export function NotFoundState({ title, backTo, backLabel }: { title: string; backTo: string; backLabel: string }) {
  return <Result status="404" title={title} subTitle="It may have been deleted." extra={<Link to={backTo}>{backLabel}</Link>} />;
}

/** What a failed save left over once the form's fields show their messages (null: nothing). */
export function SaveFailed({ message }: { message: string | null }) {
  if (message === null) return null;
  return <Alert type="error" showIcon role="alert" style={{ marginBottom: 16 }} title="The changes could not be saved" description={message} />;
}
