/** The first instant (ms) of every month (UTC) from `first` to `last` (ISO times): the partitions records there need. */
export function monthStartsBetween(first: string, last: string): number[] {
  const from = new Date(first);
  const end = Date.parse(last);
  const months: number[] = [];
  for (let i = 0; ; i++) {
    const start = Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + i, 1);
    if (start > end) return months;
    months.push(start);
  }
}
