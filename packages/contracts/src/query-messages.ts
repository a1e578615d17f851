import { z } from 'zod';
import { gridQuerySchema } from './grid.ts';

/**
 * A message to a controller's BACnet network query service, worked in the background: created by the server,
 * acknowledged by the agent when it starts, completed (or failed) when it ends.
 */
export const queryMessageStatuses = ['created', 'acknowledged', 'completed', 'failed'] as const;
export const queryMessageFilters = ['show_acknowledged_hide_completed', 'show_all', 'show_completed', 'hide_acknowledged'] as const;
export type QueryMessageFilter = (typeof queryMessageFilters)[number];
export const queryMessageFilterLabels: Record<QueryMessageFilter, string> = {
  show_acknowledged_hide_completed: 'Show acknowledged, hide completed',
  show_all: 'Show all',
  show_completed: 'Show completed',
  hide_acknowledged: 'Not yet acknowledged',
};

export const queryMessageSchema = z.object({
  id: z.number().int(),
  syrx_controller_id: z.string(),
  message_type: z.literal('DiscoverDevices'),
  status: z.enum(queryMessageStatuses),
  parameters: z.object({ network: z.number().int().nullable(), low_limit: z.number().int().nullable(), high_limit: z.number().int().nullable() }),
  created_on: z.string(),
  acknowledged_on: z.string().nullable(),
  completed_on: z.string().nullable(),
  devices_found: z.number().int().nullable(),
  devices_added: z.number().int().nullable(),
  error_message: z.string().nullable(),
});
export type QueryMessage = z.infer<typeof queryMessageSchema>;

/** POST …/messages/create-discover-devices-message (every field optional: a global Who-Is). */
export const discoverDevicesMessageInputSchema = z
  .object({
    network: z.number().int().min(1).max(65535).nullable().optional(),
    low_limit: z.number().int().min(0).max(4194303).nullable().optional(),
    high_limit: z.number().int().min(0).max(4194303).nullable().optional(),
  })
  .default({});

export const queryMessageListQuerySchema = gridQuerySchema.extend({ filter: z.enum(queryMessageFilters).default('show_acknowledged_hide_completed') });
