import { Flex, Result, Typography } from 'antd';
import { importHeaders } from '@syrx/contracts/data-moves';
import { permissionWithKey, sharedCatalogueWritePermissions } from '@syrx/contracts/permissions';
import { useCurrentUser } from '../../../lib/session';
import { useImport } from '../api/imports';
import { ImportCard } from './import-card';

/** /report-data/import: import vendor point records or PCS points from CSV files, each as a background job. */
export function ImportScreen() {
  const { permissions } = useCurrentUser();
  // PCS sites and vendor points are shared catalogues: written by administrator-granted permissions, not group_data_upload.
  const allowed = sharedCatalogueWritePermissions.some((p) => permissions.includes(p));
  const vendorRecords = useImport('vendor-point-records');
  const pcsPoints = useImport('pcs-points');
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Import data
      </Typography.Title>
      {allowed ? (
        <Flex gap={16} wrap align="start">
          <ImportCard
            header={importHeaders['vendor-point-records']}
            upload={vendorRecords}
            title="Vendor point records CSV"
            description="Records of vendor points, one per line. Vendor points that do not exist yet are created; id_field_3 stays empty except for the vendors invensys and UC. Importing the same file again changes nothing."
          />
          <ImportCard
            header={importHeaders['pcs-points']}
            upload={pcsPoints}
            title="PCS points CSV"
            description="PCS points by site, device and point name, created as needed; with a timestamp and a value, each line is also a record of its point."
          />
        </Flex>
      ) : (
        <Result status="403" title="Not allowed" subTitle={`Importing data needs the permission ${permissionWithKey('move_vendor_point_records')} or ${permissionWithKey('pcs_admin')}.`} />
      )}
    </Flex>
  );
}
