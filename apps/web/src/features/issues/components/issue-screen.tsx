import { Alert, Button, Card, Descriptions, Flex, Form, Input, InputNumber, List, Select, Space, Spin, Tag, Timeline, Typography } from 'antd';
import { Link } from 'react-router';
import { type Issue, type IssueKind, type IssueLinkKind, issueLinkKinds } from '@syrx/contracts/issues';
import { formatDateTime } from '../../../lib/date-format';
import { useFormFailure } from '../../../lib/form-errors';
import { useComments, useHistory, useIssue, useIssueChanges, useLinks, useUpdateIssue } from '../api/issues';
import { changeText, kindTexts } from '../utils/issue-kind';
import { IssueFields, issueBodyOf, issueFormFields, type IssueFormValues } from './issue-fields';

const sweepPath = (id: number) => `/commissioning/point-health/sweeps/${id}`;

/** Why a card's list could not be loaded, in the card; nothing while it loads or once it has. */
function LoadFailure({ query, what }: { query: { error: Error | null }; what: string }) {
  if (!query.error) return null;
  return <Alert type="error" showIcon role="alert" style={{ marginBottom: 12 }} title={`The ${what} could not be loaded`} description={query.error.message} />;
}

/** The entry's fields in a form; Save sends what changed (PATCH), the server's refusals under their fields. */
function IssueEditor({ kind, issue }: { kind: IssueKind; issue: Issue }) {
  const [form] = Form.useForm<IssueFormValues>();
  const failure = useFormFailure(form, issueFormFields);
  const update = useUpdateIssue(kind, issue.id);
  const onFinish = (v: IssueFormValues) => {
    failure.clear();
    update.mutate(issueBodyOf(v), { onError: failure.show });
  };
  return (
    <Card size="small" title="Details">
      {failure.alert !== null && <Alert type="error" showIcon role="alert" style={{ marginBottom: 12 }} title="The changes could not be saved" description={failure.alert} />}
      <Form<IssueFormValues> form={form} layout="vertical" name="issue-editor" onFinish={onFinish} initialValues={{
        title: issue.title, description: issue.description, status_id: issue.status_id, priority_id: issue.priority_id, type_id: issue.type_id,
        assignee_id: issue.assignee_id, due_date: issue.due_date ?? '',
      }}>
        <IssueFields kind={kind} />
        <Button type="primary" htmlType="submit" loading={update.isPending}>Save</Button>
        {update.isSuccess && <Typography.Text type="success" style={{ marginLeft: 12 }}>Saved</Typography.Text>}
      </Form>
    </Card>
  );
}

function Comments({ kind, id }: { kind: IssueKind; id: number }) {
  const comments = useComments(kind, id);
  const { comment } = useIssueChanges(kind, id);
  const [form] = Form.useForm<{ body: string }>();
  const failure = useFormFailure(form, ['body']);
  const onFinish = ({ body }: { body: string }) => {
    failure.clear();
    comment.mutate(body, { onSuccess: () => form.resetFields(), onError: failure.show });
  };
  return (
    <Card size="small" title="Comments">
      <LoadFailure query={comments} what="comments" />
      {!comments.isError && <List size="small" locale={{ emptyText: 'No comments' }} loading={comments.isPending} dataSource={comments.data ?? []} renderItem={(c) => (
        <List.Item><List.Item.Meta title={`${c.username ?? 'Someone'}, ${formatDateTime(c.created_at)}`} description={<span style={{ whiteSpace: 'pre-wrap' }}>{c.body}</span>} /></List.Item>
      )} />}
      {failure.alert !== null && <Alert type="error" showIcon role="alert" title="The comment could not be added" description={failure.alert} />}
      <Form form={form} name="issue-comment" onFinish={onFinish} layout="vertical" style={{ marginTop: 12 }}>
        <Form.Item label="Comment" name="body" rules={[{ required: true, whitespace: true, message: 'Enter a comment' }]}><Input.TextArea rows={2} /></Form.Item>
        <Button htmlType="submit" loading={comment.isPending}>Add comment</Button>
      </Form>
    </Card>
  );
}

function Links({ kind, id }: { kind: IssueKind; id: number }) {
  const links = useLinks(kind, id);
  const { link, unlink } = useIssueChanges(kind, id);
  const [form] = Form.useForm<{ kind: IssueLinkKind; target_id: number }>();
  const failure = useFormFailure(form, ['kind', 'target_id']);
  const onFinish = (v: { kind: IssueLinkKind; target_id: number }) => {
    failure.clear();
    link.mutate(v, { onSuccess: () => form.resetFields(['target_id']), onError: failure.show });
  };
  return (
    <Card size="small" title="Links">
      <LoadFailure query={links} what="links" />
      {!links.isError && <List size="small" locale={{ emptyText: 'Nothing linked' }} loading={links.isPending} dataSource={links.data ?? []} renderItem={(l) => (
        <List.Item actions={[<Button key="remove" size="small" aria-label={`Remove the link to ${l.label}`} loading={unlink.isPending && unlink.variables === l.id} onClick={() => unlink.mutate(l.id)}>Remove</Button>]}>
          <Space><Tag>{l.kind}</Tag>{l.sweep_id === null ? l.label : <Link to={sweepPath(l.sweep_id)}>{l.label}</Link>}</Space>
        </List.Item>
      )} />}
      {failure.alert !== null && <Alert type="error" showIcon role="alert" title="The link could not be added" description={failure.alert} />}
      {unlink.error && <Alert type="error" showIcon role="alert" title="The link could not be removed" description={unlink.error.message} />}
      <Form form={form} name="issue-link" layout="inline" onFinish={onFinish} initialValues={{ kind: 'point' }} style={{ marginTop: 12 }}>
        <Form.Item name="kind" label="Link a"><Select<IssueLinkKind> style={{ width: 120 }} options={issueLinkKinds.map((k) => ({ value: k, label: k }))} /></Form.Item>
        <Form.Item name="target_id" label="Id" rules={[{ required: true, message: 'Enter its id' }]}><InputNumber<number> min={1} /></Form.Item>
        <Button htmlType="submit" loading={link.isPending}>Add link</Button>
      </Form>
    </Card>
  );
}

function History({ kind, id }: { kind: IssueKind; id: number }) {
  const history = useHistory(kind, id);
  return (
    <Card size="small" title="History">
      <LoadFailure query={history} what="history" />
      {history.isPending && <Spin aria-label="Loading the history" />}
      <Timeline items={(history.data ?? []).map((h) => ({
        key: h.id,
        children: (
          <div>
            <Typography.Text strong>{h.username ?? 'Syrx Console'}</Typography.Text> <Typography.Text type="secondary">{formatDateTime(h.at)}</Typography.Text> {h.action.replace(/_/g, ' ')}
            {h.changes.map((c) => <div key={c.field}>{changeText(c)}</div>)}
            {h.message && <div>{h.message}</div>}
          </div>
        ),
      }))} />
    </Card>
  );
}

/** /commissioning/issues/{id} (and tasks): the entry's fields to edit, its links, comments and history. */
export function IssueScreen({ kind, id }: { kind: IssueKind; id: number }) {
  const issue = useIssue(kind, id);
  const texts = kindTexts[kind];
  if (issue.isPending) return <Spin aria-label="Loading" />;
  if (issue.isError) return <Alert type="error" showIcon role="alert" title={`The ${texts.one} could not be loaded`} description={issue.error.message} />;
  const i = issue.data;
  return (
    <Flex vertical gap={16}>
      <Flex align="center" gap={12} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>{`${texts.title.slice(0, -1)} #${i.id}: ${i.title}`}</Typography.Title>
        <Tag color={i.closed ? 'green' : 'blue'}>{i.status}</Tag>
        <span style={{ flex: 1 }} />
        <Link to={texts.path}>All {texts.many}</Link>
      </Flex>
      <Descriptions size="small" column={{ xs: 1, md: 3 }} items={[
        {
          key: 'of', label: i.project_id === null ? 'Controller' : 'Project',
          children: <Link to={`${texts.path}?${i.project_id === null ? `syrx_controller_id=${i.syrx_controller_id ?? ''}` : `project_id=${i.project_id}`}`}>{i.project_name ?? i.syrx_controller_name}</Link>,
        },
        { key: 'created', label: 'Created', children: `${formatDateTime(i.created_at)}${i.created_by ? ` by ${i.created_by}` : ''}` },
        { key: 'closed', label: 'Closed', children: i.closed_at ? formatDateTime(i.closed_at) : '–' },
      ]} />
      <Flex gap={16} wrap align="start">
        <div style={{ flex: '1 1 480px' }}><IssueEditor key={i.updated_at} kind={kind} issue={i} /></div>
        <Flex vertical gap={16} style={{ flex: '1 1 480px' }}>
          <Links kind={kind} id={id} />
          <Comments kind={kind} id={id} />
          <History kind={kind} id={id} />
        </Flex>
      </Flex>
    </Flex>
  );
}
