import { networkInterfaces } from 'node:os';
import { runCommand } from '../../lib/system.ts';

/** os.networkInterfaces() written the way `ip addr` lists them, for machines without iproute2. */
export function renderInterfaces(interfaces = networkInterfaces()): string {
  return Object.entries(interfaces).map(([name, addresses], i) => {
    const list = addresses ?? [];
    const mac = list.find((a) => a.mac && a.mac !== '00:00:00:00:00:00')?.mac;
    const lines = [`${i + 1}: ${name}:`];
    if (mac) lines.push(`    link/ether ${mac}`);
    for (const a of list) lines.push(`    ${a.family === 'IPv6' ? 'inet6' : 'inet'} ${a.cidr ?? a.address}${a.internal ? ' scope host' : ''}`);
    return lines.join('\n');
  }).join('\n');
}

/** The machine's network interfaces as text: `ip addr` where it runs, else a rendering of os.networkInterfaces(). */
export async function networkInterfacesText(): Promise<string> {
  const text = await runCommand('ip', ['addr'], 10_000).catch(() => null);
  return (text?.trim() ? text : renderInterfaces()).slice(0, 200_000);
}
