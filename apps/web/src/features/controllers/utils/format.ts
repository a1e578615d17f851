import type { SyrxController } from '@syrx/contracts/controllers';

/** A controller as the tree and the confirmations name it: "group name - name". */
export function controllerLabel(c: Pick<SyrxController, 'id' | 'group_name' | 'name'>): string {
  return `${c.group_name ?? '(no group)'} - ${c.name.trim() === '' ? c.id : c.name}`;
}

const two = (n: number) => String(n).padStart(2, '0');

/** A timestamp in the browser's time zone as MM/DD/YYYY hh:mm:ss a (e.g. 03/07/2025 02:05:09 pm). */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const hours = d.getHours() % 12 === 0 ? 12 : d.getHours() % 12;
  const date = `${two(d.getMonth() + 1)}/${two(d.getDate())}/${d.getFullYear()}`;
  return `${date} ${two(hours)}:${two(d.getMinutes())}:${two(d.getSeconds())} ${d.getHours() < 12 ? 'am' : 'pm'}`;
}
