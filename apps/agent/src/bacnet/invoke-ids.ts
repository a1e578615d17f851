/**
 * The invoke IDs of this client's confirmed requests in flight: 1–255 in turn, never one still in use. The
 * library matches an answer by invoke ID alone and keeps one pending request per ID, so a second request with an
 * ID in flight would displace the first (which then never settles); 0 is left out because the library takes a
 * falsy `invokeId` option as "choose one". Taking them in turn keeps a late answer to a finished request from
 * meeting the next request with its ID for as long as possible.
 */
export class InvokeIds {
  private readonly inUse = new Set<number>();
  private last = 0;

  take(): number {
    for (let k = 0; k < 255; k++) {
      const id = ((this.last + k) % 255) + 1;
      if (this.inUse.has(id)) continue;
      this.inUse.add(id);
      this.last = id;
      return id;
    }
    throw new Error('All 255 BACnet invoke IDs are in use');
  }

  release(id: number): void {
    this.inUse.delete(id);
  }
}
