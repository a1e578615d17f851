import { Alert, Flex, Result, Typography } from 'antd';
import { groupDataHeader } from '@syrx/contracts/point-sources';
import { useCurrentUser } from '../../../lib/session';
import { useGroupUpload } from '../api/group-upload';
import { ImportCard } from './import-card';
import { UploadProgress } from './upload-progress';
import { permissionWithKey } from '@syrx/contracts/permissions';

/** The card of a chosen group (hooks need the group's id). */
function GroupUploadCard({ groupId, groupName }: { groupId: number; groupName: string }) {
  const upload = useGroupUpload(groupId);
  return (
    <ImportCard
      title="Group data CSV"
      description={`Point data of ${groupName}, one record per line. The group's points are named by point_name and made as needed (with the unit of their first line); a point and time stored before takes the file's value, so uploading a file again changes nothing.`}
      header={groupDataHeader}
      upload={upload}
      action="Upload"
      queued={(jobId) => <UploadProgress key={jobId} jobId={jobId} />}
    />
  );
}

/**
 * /report-data/group-data-upload (Report Data → Upload group data): a CSV of the current group's own point data, as a
 * job with its progress and the lines it could not read (docs/permissions.md, "Shared catalogues and group data").
 */
export function GroupUploadScreen() {
  const { permissions, commissioning_group: group } = useCurrentUser();
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Upload group data
      </Typography.Title>
      {!permissions.includes('group_data_upload') ? (
        <Result status="403" title="Not allowed" subTitle={`Uploading group data needs the permission ${permissionWithKey('group_data_upload')}.`} />
      ) : group ? (
        <>
          <Typography.Text>
            Into the current group, <Typography.Text strong>{group.name}</Typography.Text> (change it in the group bar).
          </Typography.Text>
          <GroupUploadCard key={group.id} groupId={group.id} groupName={group.name} />
        </>
      ) : (
        <Alert type="info" showIcon title="Choose a current group to upload its data." />
      )}
    </Flex>
  );
}
