import { describe, expect, it } from 'vitest';
import { auditGridFilters, detailLines, noAuditFilters } from './audit-query';

describe('audit log query', () => {
  it('sends no filter for an empty form, and each filled one in the grid form', () => {
    expect(auditGridFilters(noAuditFilters)).toEqual([]);
    expect(auditGridFilters({ action: 'terminal.open', user: ' admin ', target: '7b0e' })).toEqual([
      { field: 'action', field_type: 'string', operator: 'eq', value: 'terminal.open' },
      { field: 'username', field_type: 'string', operator: 'contains', value: 'admin' },
      { field: 'target_id', field_type: 'string', operator: 'contains', value: '7b0e' },
    ]);
  });

  it('shows details as key: value lines', () => {
    expect(detailLines({ reason: 'idle', cols: 80, dims: { rows: 24 } })).toEqual(['reason: idle', 'cols: 80', 'dims: {"rows":24}']);
  });
});
