import type { SyrxController } from '@syrx/contracts/controllers';

/** A controller as the tree and the confirmations name it: "group name - name". */
export function controllerLabel(c: Pick<SyrxController, 'id' | 'group_name' | 'name'>): string {
  return `${c.group_name ?? '(no group)'} - ${c.name.trim() === '' ? c.id : c.name}`;
}
