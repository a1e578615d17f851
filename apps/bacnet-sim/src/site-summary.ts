import { segmentationName } from './bacnet-names.ts';
import { formatAddress } from './site-address.ts';
import type { RunningSite } from './site-runner.ts';

/** A table of what runs where, for the CLI: BBMD, routers, then every device with its address or network and MAC. */
export function describeRunningSite(running: RunningSite): string[] {
  const lines: string[] = [];
  const row = (...cells: string[]) => lines.push(`  ${cells[0]?.padEnd(22) ?? ''}${cells[1]?.padEnd(10) ?? ''}${cells[2]?.padEnd(26) ?? ''}${cells[3] ?? ''}`);
  row('address', 'instance', 'name', 'details');
  if (running.bbmd) row(formatAddress(running.bbmd.address), '', running.bbmd.name, 'BBMD');
  for (const router of running.routers) {
    const behind = running.devices.filter((d) => d.network === router.network).length;
    row(formatAddress(router.address), '', router.name, `router to network ${router.network} (${behind} devices)`);
  }
  for (const device of running.devices) {
    const where = device.network === undefined ? formatAddress(device.address) : `  net ${device.network} mac ${device.mac}`;
    const model = device.model;
    const features = [model.supportsRpm ? 'RPM' : 'no RPM', model.supportsCov ? 'COV' : 'no COV', `max APDU ${model.maxApdu}`, ...(model.sendsSegments || model.receivesSegments ? [`segmentation ${segmentationName(model.segmentation)}, window ${model.segmentWindow}`] : [])];
    row(where, String(device.instance), device.name, `object-list ${model.objectList().length}, ${features.join(', ')}`);
  }
  return lines;
}
