import { bacnetMessages, noDestinationMac } from '@syrx/contracts/bacnet';
import type { DeviceInput } from '@syrx/contracts/devices';
import type { FieldError } from '@syrx/contracts/errors';
import { ApiError } from '../../../lib/api-client';

export interface AddDeviceFormValues {
  mac_address: string;
  network: string;
  instance_number: string;
  provideDestination: 'yes' | 'no';
  destination_mac_address: string;
  destination_network: string;
}

/** Network 0 and no destination addressing (spec 01 section 5). */
export const addDeviceDefaults: AddDeviceFormValues = {
  mac_address: '',
  network: '0',
  instance_number: '',
  provideDestination: 'no',
  destination_mac_address: '',
  destination_network: '',
};

// The form does no checks of its own (spec 01 section 5): text that is no integer goes as it is, and the server
// answers with the field's message.
const integerOrText = (text: string): number | string => (/^\s*\d+\s*$/.test(text) ? Number(text) : text.trim());

/** The device to POST; "No" destination addressing is destination MAC "0.0.0.0:0" on network 0. */
export function toDeviceInput(v: AddDeviceFormValues): DeviceInput {
  const destination =
    v.provideDestination === 'yes'
      ? { destination_mac_address: v.destination_mac_address.trim(), destination_network: integerOrText(v.destination_network) }
      : { destination_mac_address: noDestinationMac, destination_network: 0 };
  return { mac_address: v.mac_address.trim(), network: integerOrText(v.network), instance_number: integerOrText(v.instance_number), ...destination };
}

export const unknownError = 'An unknown error occurred';

/** What a failed add shows: the 409 toast, the server's messages under their fields (400), or the unknown error. */
export function addDeviceFailure(error: Error): { toast: string } | { fields: FieldError[] } {
  if (error instanceof ApiError && error.status === 409) return { toast: bacnetMessages.deviceExists };
  const fields = error instanceof ApiError && error.status === 400 ? (error.body.fields ?? []) : [];
  return fields.length > 0 ? { fields } : { toast: unknownError };
}
