import { describe, expect, it } from 'vitest';
import type { Project } from '@syrx/contracts/projects';
import { dayOfTimestamp, emptyPersonLabel, formatCost, formatDay, newProjectValues, timestampOfDay, toProjectBody, toProjectFormValues } from './project-form';

const project: Project = {
  id: 7, name: 'Retrofit', address: null, customer_project_id: 'C-1', architect_project_id: null, start_date: '2026-03-02T00:00:00.000Z',
  complete_date: null, estimated_cost: '2,450,000', owner_id: 3, comm_authority_id: null, engineer_id: 5, group_id: 2,
};

describe('the project form', () => {
  it('sends dates as UTC midnight timestamps, empty text and empty people as null, with the group and the id on update', () => {
    const values = { ...newProjectValues, name: '  Retrofit ', start_date: '2026-03-02', complete_date: '2026-02-30', owner_id: 3 as const, estimated_cost: ' ' };
    expect(toProjectBody(values, 2)).toEqual({
      name: 'Retrofit', address: null, customer_project_id: null, architect_project_id: null, start_date: '2026-03-02T00:00:00.000Z', complete_date: null,
      estimated_cost: null, owner_id: 3, comm_authority_id: null, engineer_id: null, group_id: 2,
    });
    expect(toProjectBody(toProjectFormValues(project), 2, 7)).toMatchObject({ id: 7, owner_id: 3, engineer_id: 5, comm_authority_id: null, start_date: project.start_date });
  });

  it('reads and shows days in UTC whatever the browser\'s zone', () => {
    expect(dayOfTimestamp('2026-03-01T23:30:00-05:00')).toBe('2026-03-02');
    expect(dayOfTimestamp(null)).toBe('');
    expect(timestampOfDay('')).toBeNull();
    expect(timestampOfDay('2024-02-29')).toBe('2024-02-29T00:00:00.000Z');
    expect(formatDay('2026-11-20T00:00:00.000Z')).toBe('11/20/2026');
    expect(formatDay(null)).toBe('');
  });

  it('prefixes the cost with $ once and labels a person select\'s empty option', () => {
    expect(formatCost('2,450,000')).toBe('$2,450,000');
    expect(formatCost('$900')).toBe('$900');
    expect(formatCost(null)).toBe('');
    expect(emptyPersonLabel('Owner', false)).toBe('Select Owner');
    expect(emptyPersonLabel('Comm Authority', true)).toBe('No Comm Authority');
  });
});
