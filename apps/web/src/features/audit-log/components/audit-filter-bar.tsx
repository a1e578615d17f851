import { Flex, Input } from 'antd';
import { type AuditAction, auditActions } from '@syrx/contracts/audit';
import { FilterSelect } from '../../../components/filter-controls';
import { type AuditFilters, auditActionLabels } from '../utils/audit-query';

/** Action (one of the recorded ones), who (name contains) and target (id contains); text applies on Enter or search. */
export function AuditFilterBar({ filters, onChange }: { filters: AuditFilters; onChange: (filters: AuditFilters) => void }) {
  return (
    <Flex gap={12} wrap align="center" role="search" aria-label="Audit log filters">
      <FilterSelect<AuditAction> label="Action" width={240} value={filters.action} onChange={(action) => onChange({ ...filters, action })} placeholder="Any action" options={auditActions.map((a) => ({ value: a, label: auditActionLabels[a] }))} />
      <Input.Search aria-label="User" placeholder="User name contains" style={{ width: 240 }} allowClear defaultValue={filters.user} onSearch={(user) => onChange({ ...filters, user })} />
      <Input.Search aria-label="Target" placeholder="Target id contains" style={{ width: 280 }} allowClear defaultValue={filters.target} onSearch={(target) => onChange({ ...filters, target })} />
    </Flex>
  );
}
