import { useState } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { findingSubject, type PointHealthFinding, pointHealthCategoryLabels } from '@syrx/contracts/point-health';
import { CreateIssueDialog } from './create-issue-dialog';

type Finding = Pick<PointHealthFinding, 'id' | 'category' | 'point_name' | 'device_name' | 'device_instance' | 'detail'>;

/** The title and description an issue of these findings starts with (the user edits them). */
export function findingsIssueText(findings: readonly Finding[]): { title: string; description: string } {
  const [first] = findings;
  const categories = [...new Set(findings.map((f) => pointHealthCategoryLabels[f.category]))].join(', ');
  const title = findings.length === 1 && first ? `${pointHealthCategoryLabels[first.category]}: ${findingSubject(first)}` : `${categories}: ${findings.length} points`;
  const description = findings.map((f) => `- ${pointHealthCategoryLabels[f.category]}: ${findingSubject(f)}${f.detail ? ` — ${f.detail}` : ''}`).join('\n');
  return { title: title.slice(0, 200), description };
}

/** "Create issue" on the findings selected in a sweep's grid: one issue linked to them (and their points, devices, controller). */
export function CreateIssueFromFindings({ findings }: { findings: readonly Finding[] }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<PlusOutlined />} disabled={findings.length === 0} onClick={() => setOpen(true)}>
        Create issue{findings.length > 1 ? ` of ${findings.length} findings` : ''}
      </Button>
      {open && <CreateIssueDialog kind="issue" onClose={() => setOpen(false)} findings={{ ids: findings.map((f) => f.id), ...findingsIssueText(findings) }} />}
    </>
  );
}
