/** How many series the cache holds before it starts afresh (a bound on memory, not a working set: refills are cheap). */
export const seriesCacheLimit = 200_000;

/**
 * The data point (series) of each controller's BACnet point, as the checked ingest found them, so that the next
 * uploads of those points skip the lookup. An entry is only a hint: the fast road's statement fails when the series is
 * gone (the rollups' foreign key), and the checked road then looks again. By controller, then point, so a point is
 * only ever found for the controller it belongs to.
 */
export class SeriesCache {
  private readonly byController = new Map<string, Map<number, number>>();
  private size = 0;

  static key(controllerId: string, pointId: number): string {
    return `${controllerId} ${pointId}`;
  }

  /** The controller's points and their series (empty when none is known). */
  of(controllerId: string): ReadonlyMap<number, number> {
    return this.byController.get(controllerId) ?? new Map();
  }

  /** Series by point, for a controller. */
  add(controllerId: string, series: Iterable<[number, number]>): void {
    let points = this.byController.get(controllerId);
    if (!points) this.byController.set(controllerId, (points = new Map<number, number>()));
    for (const [pointId, id] of series) {
      if (this.size >= seriesCacheLimit) {
        this.byController.clear();
        this.size = 0;
        return;
      }
      if (!points.has(pointId)) this.size++;
      points.set(pointId, id);
    }
  }

  /** Forgets the controllers' points (their next upload takes the checked road). */
  forget(controllerIds: string[]): void {
    for (const c of controllerIds) {
      this.size -= this.byController.get(c)?.size ?? 0;
      this.byController.delete(c);
    }
  }
}
