import { type ReactNode, useState } from 'react';
import { Button, Flex, Input, type TableColumnsType, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { Sort } from '@syrx/contracts/grid';
import type { Page } from '@syrx/contracts/jobs';
import { PagedGrid, usePagedGrid } from '../../../components/paged-grid';
import type { GridPageKey } from '../api/roles';
import { containsFilter, type GridQuery } from '../../../lib/grid-query';

const byName: Sort[] = [{ field: 'name', dir: 'asc' }];
const pageSizes = [20, 50, 100, 200];

/** The one filter besides the name: its field, and its control showing `value` and reporting a new one. */
export interface SecondFilter {
  field: string;
  control: (value: string, onChange: (value: string) => void) => ReactNode;
}

interface RoleGridScreenProps<T extends { id: number }> {
  /** Roles or group roles: the texts follow their name ("Roles", "New role", "No roles", …); New leads to their new page. */
  kind: { one: string; path: string };
  pageQuery: (q: GridQuery) => UseQueryOptions<Page<T>, Error, Page<T>, GridPageKey>;
  columns: (sort: readonly Sort[]) => TableColumnsType<T>;
  filter: SecondFilter;
}

/** A grid of roles or of group roles: paged, by name unless sorted otherwise, filtered by name and one other field. */
export function RoleGridScreen<T extends { id: number }>({ kind, pageQuery, columns, filter }: RoleGridScreenProps<T>) {
  const navigate = useNavigate();
  const grid = usePagedGrid(byName);
  const [name, setName] = useState('');
  const [other, setOther] = useState('');
  const filters = [...containsFilter('name', name), ...containsFilter(filter.field, other)];
  const page = useQuery(pageQuery({ pageNum: grid.paging.current, pageSize: grid.paging.pageSize, sort: grid.sort, filters }));
  const many = `${kind.one}s`;
  const title = many[0]?.toUpperCase() + many.slice(1);

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center">
        <Typography.Title level={3} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(`${kind.path}/new`)}>
          New {kind.one}
        </Button>
      </Flex>
      <Flex gap={12} wrap role="search" aria-label={`${title.slice(0, -1)} filters`}>
        <Input.Search aria-label="Name" placeholder="Name contains" allowClear style={{ width: 240 }} onSearch={(v) => { setName(v); grid.firstPage(); }} />
        {filter.control(other, (v) => { setOther(v); grid.firstPage(); })}
      </Flex>
      <PagedGrid<T> label={title} what={many} grid={grid} columns={columns(grid.sort)} rowKey="id" source={page} pageSizes={pageSizes} />
    </Flex>
  );
}
