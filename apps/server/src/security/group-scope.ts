import { AppError } from '@syrx/contracts/errors';
import type { Actor, GroupViewer } from './actor.ts';

/** What the group-scope guard needs to know of groups (the groups service is one). */
export interface GroupVisibility {
  canSee(viewer: GroupViewer, groupId: number): Promise<boolean>;
}

/** A 404 unless the actor sees the group: a group one cannot see answers as an unknown one, so ids do not leak. */
export async function requireVisibleGroup(groups: GroupVisibility, actor: Actor, groupId: number): Promise<void> {
  if (!(await groups.canSee(actor, groupId))) throw AppError.notFound('The group');
}

/** Things that belong to a group (accounts, contacts, projects): how to find one's group, and who may change them. */
export interface GroupScopedItems {
  /** The subject of the 404 for an item that does not exist or is in a group the actor cannot see ("The account"). */
  what: string;
  /** The item's group; null when there is no such item. */
  groupOf: (id: number) => Promise<number | null>;
  /** May the actor change the items of this group (a group they see)? */
  mayChange: (actor: Actor, groupId: number) => boolean;
  /** The 403's message when they may not. */
  needsChange: string;
}

/**
 * The group-scope guard of things of groups (docs/permissions.md): reading needs the group visible, changing needs the
 * permission as well. A group or item the actor cannot see answers 404, as an unknown one. Visibility is checked
 * first, so the 403 never tells that an invisible item exists.
 */
export function groupScopeGuard(groups: GroupVisibility, items: GroupScopedItems) {
  async function visibleItem(actor: Actor, id: number): Promise<number> {
    const groupId = await items.groupOf(id);
    if (groupId === null || !(await groups.canSee(actor, groupId))) throw AppError.notFound(items.what);
    return groupId;
  }

  function requireChange(actor: Actor, groupId: number): void {
    if (!items.mayChange(actor, groupId)) throw AppError.forbidden(items.needsChange);
  }

  return {
    /** Reading the group's items. */
    visibleGroup: (actor: Actor, groupId: number): Promise<void> => requireVisibleGroup(groups, actor, groupId),
    /** Reading an item; its group. */
    visibleItem,
    /** Adding an item to the group. */
    changeInGroup: async (actor: Actor, groupId: number): Promise<void> => {
      await requireVisibleGroup(groups, actor, groupId);
      requireChange(actor, groupId);
    },
    /** Changing or deleting an item; its group. */
    changeItem: async (actor: Actor, id: number): Promise<number> => {
      const groupId = await visibleItem(actor, id);
      requireChange(actor, groupId);
      return groupId;
    },
    requireChange,
  };
}
export type GroupScopeGuard = ReturnType<typeof groupScopeGuard>;

/** Where group-scoped items are stored: one by id, a group's, and deleting one (false: there was none). */
export interface GroupScopedStore<T> {
  find: (id: number) => Promise<T | null>;
  listOfGroup: (groupId: number) => Promise<T[]>;
  delete: (id: number) => Promise<boolean>;
}

/** What the services of group-scoped items share past the guard: listing a group's, reading one and deleting one. */
export function groupScopedReads<T>(guard: GroupScopeGuard, what: string, store: GroupScopedStore<T>) {
  /** The item as stored now; 404 when it went meanwhile. */
  async function one(id: number): Promise<T> {
    const found = await store.find(id);
    if (!found) throw AppError.notFound(what);
    return found;
  }

  return {
    one,
    listForGroup: async (actor: Actor, groupId: number): Promise<T[]> => {
      await guard.visibleGroup(actor, groupId);
      return store.listOfGroup(groupId);
    },
    get: async (actor: Actor, id: number): Promise<T> => {
      await guard.visibleItem(actor, id);
      return one(id);
    },
    remove: async (actor: Actor, id: number): Promise<void> => {
      await guard.changeItem(actor, id);
      if (!(await store.delete(id))) throw AppError.notFound(what);
    },
  };
}
