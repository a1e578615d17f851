import { useState } from 'react';
import { Alert, Button, Table, type TableProps } from 'antd';
import { useNavigate } from 'react-router';
import type { SyrxController } from '@syrx/contracts/controllers';
import type { Sort } from '@syrx/contracts/grid';
import { serverPagination, sortableColumn, loadedEmptyText } from '../../../components/paged-grid';
import { useControllerPage } from '../api/controller-list';
import { useAreaPaths } from './area-context';
import { sortFromSorter } from '../../../lib/table-sort';

const pageSizes = [10, 20, 50, 100];

/** The list form: a grid paged and sorted by the server, with a Manage button per controller. */
export function ControllerGrid({ rootGroupId, enabled }: { rootGroupId: number | undefined; enabled: boolean }) {
  const navigate = useNavigate();
  const paths = useAreaPaths();
  const [paging, setPaging] = useState({ current: 1, pageSize: 20 });
  const [sort, setSort] = useState<Sort[]>([]);
  const { page, count } = useControllerPage(
    { rootGroupId, skip: (paging.current - 1) * paging.pageSize, take: paging.pageSize, sort },
    enabled,
  );

  const column = (title: string, field: keyof SyrxController) => ({ title, dataIndex: field, ...sortableColumn(sort, field) });
  const columns: TableProps<SyrxController>['columns'] = [
    column('Syrx Controller ID', 'id'),
    column('Group', 'group_name'),
    column('Name', 'name'),
    column('Description', 'description'),
    {
      title: '',
      key: 'manage',
      render: (_value, c) => <Button onClick={() => void navigate(paths.controller(c.id))}>Manage</Button>,
    },
  ];

  const onChange: TableProps<SyrxController>['onChange'] = (pagination, _filters, sorter) => {
    setSort(sortFromSorter(sorter));
    setPaging({ current: pagination.current ?? 1, pageSize: pagination.pageSize ?? paging.pageSize });
  };

  if (!enabled) return null;
  const error = page.error ?? count.error;
  return (
    <>
      {error && <Alert type="error" showIcon role="alert" style={{ marginBottom: 12 }} title={error.message} />}
      <Table<SyrxController>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={page.data}
        loading={page.isFetching}
        onChange={onChange}
        pagination={serverPagination(paging, count.data ?? 0, pageSizes)}
        locale={{ emptyText: loadedEmptyText(page, 'No Syrx controllers') }}
      />
    </>
  );
}
