import { useState } from 'react';
import { Alert, Button, Flex, Result, Spin, Typography } from 'antd';
import { useCurrentUser } from '../../../lib/session';
import { useServiceTypes } from '../api/service-versions';
import { canManageServiceVersions, needsPcsAdmin } from '../utils/permissions';
import { ServiceTypeCard } from './service-type-card';
import { UploadArtifactModal } from './upload-artifact-modal';

/** /admin/syrx-controller-services: each service type with its versions and artifacts; New version and Upload artifact. */
export function ServicesScreen() {
  const mayManage = canManageServiceVersions(useCurrentUser());
  const types = useServiceTypes();
  const [uploadFor, setUploadFor] = useState<string | null>(null);

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Syrx controller services
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        Service types and versions. A version names an artifact (a built package); controllers run the highest version
        that satisfies the range assigned to them. A locked version can be neither edited nor deleted.
      </Typography.Paragraph>
      {!mayManage && <Alert type="info" showIcon title={needsPcsAdmin} />}
      {types.isPending && <Spin aria-label="Loading the service types" />}
      {types.isError && (
        <Result status="error" title="The service types could not be loaded" subTitle={types.error.message} extra={<Button onClick={() => void types.refetch()}>Try again</Button>} />
      )}
      {types.data?.map((type) => (
        <ServiceTypeCard key={type.id} type={type} mayManage={mayManage} onUpload={() => setUploadFor(type.id)} />
      ))}
      {uploadFor !== null && types.data && (
        <UploadArtifactModal key={uploadFor} serviceIds={types.data.map((t) => t.id)} serviceId={uploadFor} onClose={() => setUploadFor(null)} />
      )}
    </Flex>
  );
}
