import { describe, expect, it } from 'vitest';
import { deviceInputSchema } from '@syrx/contracts/devices';
import { countOf, discoveredInput, knownInstances, mergeDiscovered, parseDiscoveryTiming } from './discovery';

const ems = { MacAddress: '127.0.10.11:47808', Network: 0, DestinationMacAddress: '0.0.0.0:0', DestinationNetwork: 0, InstanceNumber: 1501 };
const routed = { MacAddress: '127.0.10.20:47808', Network: 0, DestinationMacAddress: '0b', DestinationNetwork: 1100, InstanceNumber: 2011 };

describe('discovered devices', () => {
  it('lists each device once, in the order heard, whether it came one by one or in the final list', () => {
    const one = mergeDiscovered([], [ems]);
    const both = mergeDiscovered(one, [ems, routed]);
    expect(both).toEqual([ems, routed]);
    expect(mergeDiscovered(both, [routed])).toEqual([ems, routed]);
  });

  it('knows a device the controller already has by its instance number', () => {
    expect(knownInstances([{ instance_number: 1501 }]).has(ems.InstanceNumber)).toBe(true);
    expect(knownInstances([{ instance_number: 1501 }]).has(routed.InstanceNumber)).toBe(false);
  });

  it('submits a discovered device with its destination addressing', () => {
    const input = discoveredInput(routed);
    expect(input).toEqual({ mac_address: '127.0.10.20:47808', network: 0, instance_number: 2011, destination_mac_address: '0b', destination_network: 1100 });
    expect(deviceInputSchema.safeParse(input).success).toBe(true);
  });

  it('counts in words', () => {
    expect([countOf(1, 'device'), countOf(3, 'device'), countOf(0, 'point')]).toEqual(['1 device', '3 devices', '0 points']);
  });
});

describe('parseDiscoveryTiming', () => {
  it('takes a quiet period of 0.1–60 s and a whole maximum of 1–60 s, and names the field that is wrong', () => {
    expect(parseDiscoveryTiming('1', '10')).toEqual({ ok: true, timing: { quietSeconds: 1, maxSeconds: 10 } });
    expect(parseDiscoveryTiming(' 0.5 ', '60')).toEqual({ ok: true, timing: { quietSeconds: 0.5, maxSeconds: 60 } });
    expect(parseDiscoveryTiming('', '10')).toEqual({ ok: false, message: 'Quiet period: 0.1 to 60 seconds' });
    expect(parseDiscoveryTiming('0.05', '10')).toEqual({ ok: false, message: 'Quiet period: 0.1 to 60 seconds' });
    expect(parseDiscoveryTiming('1', '2.5')).toEqual({ ok: false, message: 'Maximum: a whole number of seconds, 1 to 60' });
    expect(parseDiscoveryTiming('1', '61')).toEqual({ ok: false, message: 'Maximum: a whole number of seconds, 1 to 60' });
  });
});
