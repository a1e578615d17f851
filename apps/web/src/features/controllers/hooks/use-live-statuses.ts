import { useEffect } from 'react';
import { type Query, useQueryClient } from '@tanstack/react-query';
import { useRealtime } from '../../../lib/realtime/realtime-provider';
import { controllersKey } from '../api/query-keys';

/** The critical-statuses queries of one controller (ids compared as the realtime client keeps them, lower case). */
const statusesOf = (controllerId: string) => ({
  predicate: ({ queryKey: [area, kind, id, what] }: Query) =>
    area === controllersKey && kind === 'detail' && typeof id === 'string' && id.toLowerCase() === controllerId && what === 'statuses',
});

/**
 * Keeps the status dots of the listed controllers current: joins their updates, takes the new report the server
 * sends after a heartbeat whose statuses changed (server/client/serviceStatuses), and asks again when a
 * controller's agent comes or goes (server/client/agentStatus), instead of waiting for the next poll.
 */
export function useLiveStatuses(ids: readonly string[]): void {
  const client = useRealtime();
  const queryClient = useQueryClient();
  const joined = ids.join(',');
  useEffect(() => {
    const leaves = joined === '' ? [] : joined.split(',').map((id) => client.watch(id));
    const off = client.onControllerChange((controllerId, change) => {
      if (change.kind === 'serviceStatuses') queryClient.setQueriesData(statusesOf(controllerId), change.report);
      else void queryClient.invalidateQueries(statusesOf(controllerId));
    });
    return () => {
      off();
      for (const leave of leaves) leave();
    };
  }, [client, queryClient, joined]);
}
