import { Select } from 'antd';
import type { ControllerScope } from '@syrx/contracts/controllers';
import { type ScopeState, setControllerScope } from '../hooks/use-controller-scope';
import { needsPcsAdmin } from '../utils/permissions';

export const scopeLabels: Record<ControllerScope, string> = {
  current_group: 'Show Syrx controllers from current group',
  all_groups: 'Show Syrx controllers from all groups',
};

/** Chooses between the current group's controllers (the default) and every group's (pcs_admin only). */
export function ScopeSelect({ state }: { state: ScopeState }) {
  return (
    <Select<ControllerScope>
      aria-label="Syrx controller scope"
      value={state.scope}
      onChange={setControllerScope}
      style={{ minWidth: 300 }}
      options={[
        { value: 'current_group', label: scopeLabels.current_group },
        {
          value: 'all_groups',
          label: <span title={state.canListAllGroups ? undefined : needsPcsAdmin}>{scopeLabels.all_groups}</span>,
          disabled: !state.canListAllGroups,
        },
      ]}
    />
  );
}
