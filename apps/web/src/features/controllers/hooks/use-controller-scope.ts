import { useSyncExternalStore } from 'react';
import { type ControllerScope, controllerScopes } from '@syrx/contracts/controllers';
import { useCurrentUser } from '../../../lib/session';
import { canManageControllers } from '../utils/permissions';

const storageKey = 'syrx-controller-scope';
const listeners = new Set<() => void>();

function stored(): ControllerScope {
  try {
    const value = window.sessionStorage.getItem(storageKey);
    return (controllerScopes as readonly string[]).includes(value ?? '') ? (value as ControllerScope) : 'current_group';
  } catch {
    return 'current_group';
  }
}

let chosen: ControllerScope = stored();

/** Chooses the scope for the tree and the list alike; it lasts for the browser tab's session. */
export function setControllerScope(scope: ControllerScope): void {
  chosen = scope;
  try {
    window.sessionStorage.setItem(storageKey, scope);
  } catch {
    // Private browsing may refuse storage; the choice still holds until the page reloads.
  }
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

export interface ScopeState {
  scope: ControllerScope;
  /** Only pcs_admin may list all groups; everyone else sees their current group. */
  canListAllGroups: boolean;
  /** The root_group_id of the lists: the current group's id, or undefined for all groups. */
  rootGroupId: number | undefined;
  /** True when the scope is the current group but the user has none, so there is nothing to list. */
  noCurrentGroup: boolean;
}

/** The controller scope of spec 01 section 2: current_group (the default) or all_groups. */
export function useControllerScope(): ScopeState {
  const user = useCurrentUser();
  const choice = useSyncExternalStore(subscribe, () => chosen);
  const canListAllGroups = canManageControllers(user);
  const scope = canListAllGroups ? choice : 'current_group';
  const groupId = user.commissioning_group?.id;
  return {
    scope,
    canListAllGroups,
    rootGroupId: scope === 'current_group' ? groupId : undefined,
    noCurrentGroup: scope === 'current_group' && groupId === undefined,
  };
}
