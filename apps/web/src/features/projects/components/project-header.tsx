import { Alert, Descriptions, Flex, Spin, Typography } from 'antd';
import type { Project } from '@syrx/contracts/projects';
import { formatCost, formatDay } from '../utils/project-form';

interface ProjectHeaderProps {
  project: Project | undefined;
  error: Error | null;
}

/** The schedule page's header: the project's name, start and completed dates (MM/DD/YYYY) and estimated cost with a $ prefix. */
export function ProjectHeader({ project, error }: ProjectHeaderProps) {
  if (error) return <Alert type="error" showIcon role="alert" title="The project could not be loaded" description={error.message} />;
  if (!project) return <Spin aria-label="Loading the project" />;
  return (
    <Flex vertical gap={8}>
      <Typography.Title level={3} style={{ margin: 0 }}>{project.name}</Typography.Title>
      <Descriptions size="small" column={{ xs: 1, md: 3 }} items={[
        { key: 'start', label: 'Start Date', children: formatDay(project.start_date) || '—' },
        { key: 'complete', label: 'Completed Date', children: formatDay(project.complete_date) || '—' },
        { key: 'cost', label: 'Estimated Cost', children: formatCost(project.estimated_cost) || '—' },
      ]} />
    </Flex>
  );
}
