import { useState } from 'react';
import { Alert, App, Empty, Flex, Spin, Tag, Tree, type TreeDataNode, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { JobLog, JobLogLevel } from '@syrx/contracts/jobs';
import { formatDateTime } from '../../../lib/date-format';
import { jobLogsQueryOptions, liveRefreshMs } from '../api/jobs';
import { type LogNode, buildLogTree } from '../utils/log-tree';

const levelColours: Record<JobLogLevel, string> = { TRACE: 'default', DEBUG: 'default', INFO: 'blue', WARN: 'orange', ERROR: 'red' };

function LogTitle({ entry }: { entry: JobLog }) {
  return (
    <Flex gap={8} align="baseline" wrap>
      <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.timestamp)}</Typography.Text>
      <Tag color={levelColours[entry.level]} style={{ marginInlineEnd: 0 }}>{entry.level}</Tag>
      <span>{entry.message}</span>
      {entry.errorMessage !== null && <Typography.Text type="danger">{entry.errorMessage}</Typography.Text>}
    </Flex>
  );
}

const toAntNodes = (nodes: readonly LogNode[]): TreeDataNode[] =>
  nodes.map((n) => ({ key: n.key, title: <LogTitle entry={n.entry} />, isLeaf: n.isLeaf, ...(n.children ? { children: toAntNodes(n.children) } : {}) }));

/**
 * A job's log entries as a tree: the top level, refreshed while the job runs, and the child logs of an entry
 * loaded when it is opened (spec 02 section 2).
 */
export function JobLogTree({ jobId, live }: { jobId: number; live: boolean }) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const top = useQuery({ ...jobLogsQueryOptions(jobId, null), refetchInterval: live ? liveRefreshMs : false });
  const [children, setChildren] = useState<ReadonlyMap<number, readonly JobLog[]>>(new Map());

  if (top.isPending) return <Spin aria-label="Loading the job's logs" />;
  if (top.isError) return <Alert type="error" showIcon role="alert" title="The job's logs could not be loaded" description={top.error.message} />;
  if (top.data.length === 0) return <Empty description="No log entries" />;

  const loadData = async ({ key }: TreeDataNode) => {
    const parentLogId = Number(key);
    try {
      const loaded = await queryClient.fetchQuery(jobLogsQueryOptions(jobId, parentLogId));
      setChildren((m) => new Map(m).set(parentLogId, loaded));
    } catch (error) {
      void message.error(`The log entries could not be loaded: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  return (
    <Tree
      aria-label="Job logs"
      treeData={toAntNodes(buildLogTree(top.data, children))}
      loadData={loadData}
      loadedKeys={[...children.keys()].map(String)}
      selectable={false}
      blockNode
    />
  );
}
