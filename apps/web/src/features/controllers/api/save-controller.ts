import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SyrxController } from '@syrx/contracts/controllers';
import { controllersRoutes as routes } from '@syrx/contracts/routes/controllers';
import { callRoute } from '../../../lib/api-client';
import type { EditorPlan } from '../utils/editor-form';
import { controllerKeys } from './query-keys';

export interface SavedController {
  controller: SyrxController;
  /** The agent's password, only when the controller was just created (the server shows it this once). */
  password?: string;
  /** Set when the controller was created but its BACnet configuration could not be saved. */
  configurationError?: Error;
}

/**
 * PUT …/bacnet-connection-configuration and …/bacnet-connection-bbmd-servers when the plan has a connection;
 * otherwise DELETE the configuration, which also clears the BBMD servers (skipped for a new controller: it has none).
 */
async function saveConnection(id: string, plan: EditorPlan, isNew: boolean): Promise<void> {
  const params = { id };
  if (plan.connection) {
    await callRoute(routes.putConnection, { params, body: plan.connection });
    await callRoute(routes.putBbmdServers, { params, body: plan.bbmdServers });
  } else if (!isNew) {
    await callRoute(routes.removeConnection, { params });
  }
}

/** POST (new) or PUT (existing) the controller, then its BACnet connection. */
export async function saveController(id: string | undefined, plan: EditorPlan): Promise<SavedController> {
  if (id !== undefined) {
    const controller = await callRoute(routes.update, { params: { id }, body: plan.controller });
    await saveConnection(id, plan, false);
    return { controller };
  }
  const { password, ...controller } = await callRoute(routes.create, { body: plan.controller });
  try {
    await saveConnection(controller.id, plan, true);
    return { controller, password };
  } catch (error) {
    // The password must still reach the user: it is never shown again.
    return { controller, password, configurationError: error instanceof Error ? error : new Error(String(error)) };
  }
}

/** Saves through the editor; afterwards the controller's cached answers and the lists load again. */
export function useSaveController(id: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (plan: EditorPlan) => saveController(id, plan),
    onSuccess: async ({ controller }) => {
      await queryClient.invalidateQueries({ queryKey: controllerKeys.detail(controller.id) });
      await queryClient.invalidateQueries({ queryKey: controllerKeys.lists() });
    },
  });
}
