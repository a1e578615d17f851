import { useState } from 'react';
import { Alert, App, Button, Flex, Form, Input, Modal, Select, Typography, Upload } from 'antd';
import { PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { maxArtifactBytes } from '@syrx/contracts/service-versions';
import { usePublishArtifact } from '../api/service-versions';
import { formatSize } from '../utils/version-form';

interface UploadArtifactModalProps {
  serviceIds: readonly string[];
  /** The service the modal opens for (the parent renders it only while open). */
  serviceId: string;
  onClose: () => void;
}

interface UploadValues {
  service_id: string;
  git_revision?: string;
}

/** Publishes a package of a service from the browser: the file goes as it is, the server computes its sha256. */
export function UploadArtifactModal({ serviceIds, serviceId, onClose }: UploadArtifactModalProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<UploadValues>();
  const [file, setFile] = useState<File | null>(null);
  const publish = usePublishArtifact();
  const tooLarge = file !== null && file.size > maxArtifactBytes;

  const onFinish = (values: UploadValues) => {
    if (!file || tooLarge) return;
    publish.mutate({ serviceId: values.service_id, file, gitRevision: values.git_revision ?? '' }, {
      onSuccess: (a) => {
        void message.success(`Artifact #${a.id} of ${a.service_id} was published (sha256 ${a.sha256.slice(0, 12)}…)`);
        onClose();
      },
    });
  };

  return (
    <Modal
      title="Upload artifact"
      open
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose} disabled={publish.isPending}>Cancel</Button>,
        <Button key="upload" type="primary" disabled={!file || tooLarge} loading={publish.isPending} onClick={() => form.submit()}>Upload</Button>,
      ]}
    >
      <Form<UploadValues> form={form} layout="vertical" name="upload-artifact" initialValues={{ service_id: serviceId }} onFinish={onFinish}>
        <Form.Item name="service_id" label="Service" rules={[{ required: true, message: 'A value must be supplied for Service' }]}>
          <Select options={serviceIds.map((id) => ({ value: id, label: id }))} />
        </Form.Item>
        <Form.Item label="Package" required>
          <Flex gap={12} align="center" wrap>
            <Upload maxCount={1} showUploadList={false} beforeUpload={(chosen) => { setFile(chosen); publish.reset(); return false; }}>
              <Button icon={<UploadOutlined />}>Choose file</Button>
            </Upload>
            {file && (
              <Typography.Text ellipsis={{ tooltip: file.name }} style={{ maxWidth: 280 }}>
                <PaperClipOutlined /> {file.name} ({formatSize(file.size)})
              </Typography.Text>
            )}
          </Flex>
        </Form.Item>
        <Form.Item name="git_revision" label="Git revision" rules={[{ max: 200 }]}>
          <Input placeholder="e.g. 3f2c1ab" />
        </Form.Item>
      </Form>
      {tooLarge && <Alert type="error" showIcon role="alert" title={`The file is larger than ${formatSize(maxArtifactBytes)}.`} />}
      {publish.isError && <Alert type="error" showIcon role="alert" title="The artifact was not published" description={publish.error.message} />}
    </Modal>
  );
}
