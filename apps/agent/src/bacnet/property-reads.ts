import { ApplicationTag, type ApplicationData, type BACNetAddress } from '@bacnet-js/client';
import { BacnetError, toBacnetError } from './bacnet-errors.ts';
import type { BacnetNetwork } from './bacnet-network.ts';
import { ChunkSizer, toAccessSpecs, type PropertyRef } from './rpm-chunks.ts';

export type { PropertyRef };

/** More properties than any reply of 1476 octets can carry (each costs at least 5). */
const maxPerRequest = 300;
/** One property's outcome: its values, or the error the device gave for it. */
export type PropertyResult = { ok: true; values: ApplicationData[] } | { ok: false; error: BacnetError };

export interface ReadManyOptions {
  /** Checked between requests; an aborted read rejects with the signal's reason. */
  signal?: AbortSignal | undefined;
  /** How many of the properties have been read, after each request. */
  onProgress?: ((done: number) => void) | undefined;
  /** A first guess of the octets of one property's value in a reply (refined from every reply); the encoding around it is counted exactly. */
  replyOctetsPerProperty?: number;
  /** Requests of this read in flight at once (the network's per-device limit applies as well). */
  concurrency?: number;
}

/** A device answering with an Error or an Abort/Reject for one property: that property's outcome, not a failure. */
const isPropertyOutcome = (e: BacnetError) => e.kind === 'error' || e.kind === 'abort';

/**
 * Reads many properties of one device with as few requests as fit: ReadPropertyMultiple in chunks sized so each
 * reply fits the device's max APDU (a chunk whose reply did not fit is asked again with fewer properties), a few
 * in flight at once, falling back to one ReadProperty per property when the device refuses ReadPropertyMultiple
 * (remembered for the device). Per-property errors are results; time-outs and a closed interface reject.
 */
export async function readMany(net: BacnetNetwork, receiver: BACNetAddress, refs: readonly PropertyRef[], opts: ReadManyOptions = {}): Promise<PropertyResult[]> {
  const results: PropertyResult[] = new Array<PropertyResult>(refs.length);
  const sizer = new ChunkSizer(net.peers.maxApdu(receiver), opts.replyOctetsPerProperty ?? 24);
  // Work: properties handed back by a chunk whose reply did not fit, then the rest in order.
  const returned: number[] = [];
  let cursor = 0;
  const remaining = () => returned.length > 0 || cursor < refs.length;
  /** The next chunk: as many waiting properties as fit one request (one when the device has no RPM). */
  const take = () => {
    const candidates = returned.slice(0, maxPerRequest);
    for (let i = cursor; candidates.length < maxPerRequest && i < refs.length; i++) candidates.push(i);
    const n = net.peers.supportsRpm(receiver) ? sizer.fitting(candidates.map((i) => refs[i] as PropertyRef)) : 1;
    const fromReturned = Math.min(n, returned.length);
    returned.splice(0, fromReturned);
    cursor += n - fromReturned;
    return candidates.slice(0, n);
  };
  let done = 0;
  const finished = (count: number) => {
    done += count;
    opts.onProgress?.(done);
  };

  const readSingly = async (chunk: readonly number[]) => {
    for (const i of chunk) {
      const ref = refs[i] as PropertyRef;
      try {
        results[i] = { ok: true, values: await net.readProperty(receiver, ref.objectId, ref.propertyId, ref.index) };
      } catch (err) {
        const e = toBacnetError(err);
        if (!isPropertyOutcome(e)) throw e;
        results[i] = { ok: false, error: e };
      }
      finished(1);
    }
  };

  // Index 0 cannot go through the library's ReadPropertyMultiple (it would ask for the whole array).
  const anyIndexZero = refs.some((r) => r.index === 0);
  const readChunk = async (chunk: readonly number[]): Promise<void> => {
    const asked = chunk.map((i) => refs[i] as PropertyRef);
    if (!net.peers.supportsRpm(receiver) || (anyIndexZero && asked.some((r) => r.index === 0))) return readSingly(chunk);
    try {
      const reply = await net.readPropertyMultiple(receiver, toAccessSpecs(asked));
      let k = 0;
      for (const access of reply.values) {
        for (const v of access.values) {
          if (v.id !== asked[k]?.propertyId) throw new BacnetError('other', 'ReadPropertyMultiple answered other properties than those asked for');
          results[chunk[k++] as number] = outcome(v.value);
        }
      }
      if (k !== asked.length) throw new BacnetError('other', `ReadPropertyMultiple answered ${k} properties for ${asked.length}`);
      sizer.observed(asked, reply.len);
      finished(chunk.length);
    } catch (err) {
      const e = toBacnetError(err);
      if (e.isServiceUnsupported) net.peers.learn(receiver, { rpm: false });
      else if (!isPropertyOutcome(e)) throw e;
      if (e.isServiceUnsupported || chunk.length === 1) return readSingly(chunk);
      // Ask again for fewer — as many as now seem to fit once a reply has been measured, else half — and hand
      // the rest back to be read with what follows.
      if (e.isTooLarge) sizer.tooLarge(asked);
      const keep = Math.max(1, Math.min(chunk.length - 1, e.isTooLarge && sizer.calibrated ? sizer.fitting(asked) : Math.ceil(chunk.length / 2)));
      returned.push(...chunk.slice(keep));
      returned.sort((a, b) => a - b);
      await readChunk(chunk.slice(0, keep));
    }
  };

  let failed = false;
  const next = () => readChunk(take());
  const worker = async () => {
    try {
      while (!failed && remaining()) {
        opts.signal?.throwIfAborted();
        await next();
      }
    } catch (err) {
      failed = true; // the other workers stop after their request in flight
      throw err;
    }
  };
  // The first reply calibrates the chunk size before several requests go out at once.
  opts.signal?.throwIfAborted();
  if (remaining()) await next();
  await Promise.all(Array.from({ length: Math.max(1, opts.concurrency ?? 4) }, worker));
  return results;
}

function outcome(values: ApplicationData[]): PropertyResult {
  const [first] = values;
  if (first?.type === ApplicationTag.ERROR) {
    const { errorClass, errorCode } = first.value as { errorClass: number; errorCode: number };
    return { ok: false, error: BacnetError.fromClassCode(errorClass, errorCode) };
  }
  return { ok: true, values };
}
