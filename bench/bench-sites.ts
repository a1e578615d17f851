/** Generated sites the benchmarks share (bench/discovery.ts, bench/point-health.ts). */

/**
 * A building of 100 devices in the loopback range of `base` (x.y.z.0): 20 on their own addresses (.11–.30), 80 behind two
 * routers (networks 2001 and 2002 at .2 and .3, 40 each, max APDU 480), a BBMD at .1; each device has an analog input and a
 * binary value. The raw site file, as the simulator's siteSchema reads it.
 */
export function hundredDeviceSite(base: string) {
  const at = (host: number) => base.replace(/\.0$/, `.${host}`);
  const device = (instance: number, where: object) => ({
    instance, name: `DEV-${instance}`, vendorName: 'Bench Controls', vendorId: 999, modelName: 'Bench Controller', ...where,
    objects: [
      { type: 'analog-input', instance: 1, name: `DEV-${instance} Temp`, units: 'degrees-fahrenheit', value: { kind: 'constant', value: 70 } },
      { type: 'binary-value', instance: 1, name: `DEV-${instance} Occupied` },
    ],
  });
  return {
    name: 'Discovery bench: 100 devices',
    baseAddress: base,
    bbmd: { name: 'BBMD', address: { ip: at(1) }, bdt: [{ ip: at(1) }] },
    routers: [
      { name: 'RTR-A', address: { ip: at(2) }, network: 2001 },
      { name: 'RTR-B', address: { ip: at(3) }, network: 2002 },
    ],
    devices: [
      ...Array.from({ length: 20 }, (_, i) => device(10_000 + i, { address: { ip: at(11 + i) } })),
      ...Array.from({ length: 40 }, (_, i) => device(20_000 + i, { network: 2001, mac: i + 1, maxApdu: 480 })),
      ...Array.from({ length: 40 }, (_, i) => device(30_000 + i, { network: 2002, mac: i + 1, maxApdu: 480 })),
    ],
  };
}
