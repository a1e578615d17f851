import { useState } from 'react';
import { Alert, Form, Modal, Radio, Select } from 'antd';
import { useNavigate } from 'react-router';
import type { IssueKind } from '@syrx/contracts/issues';
import { useFormFailure } from '../../../lib/form-errors';
import { useCurrentUser } from '../../../lib/session';
import { useCreateIssue, useOwners } from '../api/issues';
import { issuePath, kindTexts } from '../utils/issue-kind';
import { IssueFields, issueBodyOf, issueFormFields, type IssueFormValues } from './issue-fields';

type Values = IssueFormValues & { owner: 'controller' | 'project'; syrx_controller_id?: string; project_id?: number };

interface CreateIssueDialogProps {
  kind: IssueKind;
  onClose: () => void;
  /** Point health findings the entry is made from: they name its controller, and are linked with their points and devices. */
  findings?: { ids: number[]; title: string; description: string };
}

/** The new issue (or task) dialog: of a controller or a project of the current group, or of the findings given; opens it when made. */
export function CreateIssueDialog({ kind, onClose, findings }: CreateIssueDialogProps) {
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const failure = useFormFailure(form, [...issueFormFields, 'syrx_controller_id', 'project_id']);
  const owners = useOwners(useCurrentUser().commissioning_group?.id);
  const create = useCreateIssue(kind);
  const [owner, setOwner] = useState<'controller' | 'project'>('controller');
  const texts = kindTexts[kind];

  const onFinish = (v: Values) => {
    failure.clear();
    const body = {
      ...issueBodyOf(v),
      ...(findings ? { links: { finding_ids: findings.ids } }
        : v.owner === 'project' ? { project_id: v.project_id ?? null } : { syrx_controller_id: v.syrx_controller_id ?? null }),
    };
    create.mutate(body, { onSuccess: (made) => { onClose(); void navigate(issuePath(kind, made.id)); }, onError: failure.show });
  };

  return (
    <Modal open title={`New ${texts.one}`} okText="Save" onOk={() => form.submit()} okButtonProps={{ loading: create.isPending }} onCancel={onClose} destroyOnHidden>
      {failure.alert !== null && <Alert type="error" showIcon role="alert" style={{ marginBottom: 12 }} title={`The ${texts.one} could not be created`} description={failure.alert} />}
      <Form<Values> form={form} layout="vertical" name="create-issue" onFinish={onFinish}
        initialValues={{ title: findings?.title ?? '', description: findings?.description ?? '', owner: 'controller' }}>
        {findings ? (
          <Alert type="info" style={{ marginBottom: 12 }} title={`Linked to ${findings.ids.length} finding${findings.ids.length === 1 ? '' : 's'}, their points, devices and controller`} />
        ) : (
          <>
            <Form.Item label="Of" name="owner">
              <Radio.Group onChange={(e) => setOwner(e.target.value as 'controller' | 'project')} options={[{ value: 'controller', label: 'A controller' }, { value: 'project', label: 'A project' }]} />
            </Form.Item>
            {owner === 'controller' ? (
              <Form.Item label="Controller" name="syrx_controller_id" rules={[{ required: true, message: 'Choose a controller' }]}>
                <Select<string> showSearch optionFilterProp="label" options={owners.controllers.map((c) => ({ value: c.id, label: c.name }))} />
              </Form.Item>
            ) : (
              <Form.Item label="Project" name="project_id" rules={[{ required: true, message: 'Choose a project' }]}>
                <Select<number> showSearch optionFilterProp="label" options={owners.projects.map((p) => ({ value: p.id, label: p.name }))} />
              </Form.Item>
            )}
          </>
        )}
        <IssueFields kind={kind} />
      </Form>
    </Modal>
  );
}
