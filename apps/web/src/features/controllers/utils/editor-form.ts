import { z } from 'zod';
import {
  type BacnetConnection, type BbmdServer, type SyrxController, apduRetriesSchema, apduTimeoutMsSchema, apduTimingDefaults, bacnetConnectionInputSchema,
  bbmdServerInputSchema, defaultBacnetPort, defaultBbmdMask, ipv4Schema, portSchema,
} from '@syrx/contracts/controllers';

export type YesNo = 'yes' | 'no';

export interface BbmdServerFormValues {
  ip_address: string;
  ip_mask: string;
  port_num: string | number;
}

/** The controller editor form of spec 01 section 3, field by field. */
export interface ControllerFormValues {
  provideBacnetConfiguration: YesNo;
  syrxController: { name: string; description: string };
  bacnetConnectionConfiguration: { ip_address: string; port_num: string | number; apdu_timeout_ms?: string | number; apdu_retries?: string | number };
  bacnetConnectionBbmdServers: BbmdServerFormValues[];
}

/** What saving the editor sends: the controller, and its connection with BBMD servers or null (= delete it). */
export interface EditorPlan {
  controller: { name: string; description: string };
  connection: { ip_address: string; port_num: number; apdu_timeout_ms: number; apdu_retries: number } | null;
  bbmdServers: { ip_address: string; ip_mask: string; port_num: number }[];
}

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** A port field: empty means the default port, anything else must be a port number. */
export const optionalPortSchema = z.preprocess(blankToUndefined, portSchema.optional());
/** The APDU timing fields: empty means the default (3000 ms, 3 retries). */
export const optionalApduTimeoutSchema = z.preprocess(blankToUndefined, apduTimeoutMsSchema.optional());
export const optionalApduRetriesSchema = z.preprocess(blankToUndefined, apduRetriesSchema.optional());
/** A mask field: empty means the default mask, anything else must be an IPv4 address. */
export const optionalMaskSchema = z.preprocess(blankToUndefined, ipv4Schema.optional());

/** A new BBMD server row: the mask and port start at their defaults. */
export const newBbmdServerRow = (): BbmdServerFormValues => ({ ip_address: '', ip_mask: defaultBbmdMask, port_num: String(defaultBacnetPort) });

/** The editor's starting values: blank for a new controller, else what the server holds. */
export function toFormValues(
  controller?: SyrxController,
  connection?: BacnetConnection | null,
  bbmdServers: readonly BbmdServer[] = [],
): ControllerFormValues {
  return {
    provideBacnetConfiguration: connection ? 'yes' : 'no',
    syrxController: { name: controller?.name ?? '', description: controller?.description ?? '' },
    bacnetConnectionConfiguration: {
      ip_address: connection?.ip_address ?? '',
      port_num: String(connection?.port_num ?? defaultBacnetPort),
      apdu_timeout_ms: String(connection?.apdu_timeout_ms ?? apduTimingDefaults.apdu_timeout_ms),
      apdu_retries: String(connection?.apdu_retries ?? apduTimingDefaults.apdu_retries),
    },
    bacnetConnectionBbmdServers: bbmdServers.map((s) => ({ ip_address: s.ip_address, ip_mask: s.ip_mask, port_num: String(s.port_num) })),
  };
}

/**
 * The calls saving makes, from validated form values. "No" drops the connection and every BBMD server;
 * an empty mask or port falls back to its default, as the server's own schema does.
 */
export function toEditorPlan(values: ControllerFormValues): EditorPlan {
  const controller = { name: values.syrxController.name.trim(), description: values.syrxController.description.trim() };
  if (values.provideBacnetConfiguration === 'no') return { controller, connection: null, bbmdServers: [] };
  return {
    controller,
    connection: bacnetConnectionInputSchema.parse({
      ip_address: values.bacnetConnectionConfiguration.ip_address,
      port_num: blankToUndefined(values.bacnetConnectionConfiguration.port_num),
      apdu_timeout_ms: blankToUndefined(values.bacnetConnectionConfiguration.apdu_timeout_ms),
      apdu_retries: blankToUndefined(values.bacnetConnectionConfiguration.apdu_retries),
    }),
    bbmdServers: (values.bacnetConnectionBbmdServers ?? []).map((s) => bbmdServerInputSchema.parse(s)),
  };
}
