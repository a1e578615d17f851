import {
  ApplicationTag,
  ConfirmedServiceChoice as Service,
  ErrorClass,
  ErrorCode,
  PropertyIdentifier as P,
  type BACNetAppData,
  type BACNetReadAccess,
  type BACNetReadAccessSpecification,
} from '@bacnet-js/client';
import type { BacnetFailure, ReadResult } from '../model/property-value.ts';
import type { SimDevice } from '../model/sim-device.ts';
import { apdu } from './apdu-builders.ts';
import { ReadProperty, ReadPropertyMultiple, SubscribeCov, WriteProperty } from './bacnet-lib.ts';
import type { SubscribeCovRequest } from './cov-subscriptions.ts';
import { readLogReference } from './read-range.ts';

/** A request body the library could not decode: the caller answers with a Reject. */
export class MalformedRequest extends Error {}

export interface RequestBody {
  buffer: Buffer;
  offset: number;
  length: number;
  invokeId: number;
}

function decoded<T>(value: T | undefined): T {
  if (value === undefined) throw new MalformedRequest();
  return value;
}

export function readProperty(device: SimDevice, body: RequestBody, now: number): Buffer {
  const request = decoded(ReadProperty.decode(body.buffer, body.offset, body.length));
  const { objectId, property } = request;
  const reference = readLogReference(device, body, request);
  if (reference) return reference;
  const result = device.readProperty(objectId, property.id, property.index, now);
  if (!result.ok) return apdu.error(Service.READ_PROPERTY, body.invokeId, result.failure);
  return apdu.complexAck(Service.READ_PROPERTY, body.invokeId, (t) =>
    ReadProperty.encodeAcknowledge(t, objectId, property.id, property.index, result.values),
  );
}

const errorValue = (failure: BacnetFailure) => ({
  type: ApplicationTag.ERROR,
  value: { type: 'BacnetError', errorClass: failure.errorClass, errorCode: failure.errorCode },
});

/** ReadPropertyMultiple: each property answers its own value or error; ALL and REQUIRED expand to the property list. */
export function readPropertyMultiple(device: SimDevice, body: RequestBody, now: number): Buffer {
  const request = decoded(ReadPropertyMultiple.decode(body.buffer, body.offset, body.length) as { properties: BACNetReadAccessSpecification[] } | undefined);
  const results: BACNetReadAccess[] = request.properties.map((spec) => ({
    objectId: spec.objectId,
    values: spec.properties.flatMap((property) => {
      if (property.id === P.ALL || property.id === P.REQUIRED || property.id === P.OPTIONAL) {
        const expanded = device.propertiesOf(spec.objectId);
        if (!expanded) return [{ property, value: [errorValue({ errorClass: ErrorClass.OBJECT, errorCode: ErrorCode.UNKNOWN_OBJECT })] }];
        if (property.id === P.OPTIONAL) return [];
        return expanded.map((id) => entry({ id, index: property.index }, device.readProperty(spec.objectId, id, property.index, now)));
      }
      return [entry(property, device.readProperty(spec.objectId, property.id, property.index, now))];
    }),
  }));
  return apdu.complexAck(Service.READ_PROPERTY_MULTIPLE, body.invokeId, (t) => ReadPropertyMultiple.encodeAcknowledge(t, results));
}

function entry(property: { id: number; index: number }, result: ReadResult) {
  return { property, value: result.ok ? result.values : [errorValue(result.failure)] };
}

/** WriteProperty; `written` tells the caller to look for COV changes. */
export function writeProperty(device: SimDevice, body: RequestBody): { reply: Buffer; written: boolean } {
  const request = decoded(WriteProperty.decode(body.buffer, body.offset, body.length));
  const { property, value, priority } = request.value;
  const failure = device.writeProperty(request.objectId, property.id, property.index, value as BACNetAppData[], priority);
  if (failure) return { reply: apdu.error(Service.WRITE_PROPERTY, body.invokeId, failure), written: false };
  return { reply: apdu.simpleAck(Service.WRITE_PROPERTY, body.invokeId), written: true };
}

export function decodeSubscribeCov(body: RequestBody): SubscribeCovRequest {
  const request = decoded(SubscribeCov.decode(body.buffer, body.offset, body.length) as SubscribeCovRequest | undefined);
  if (typeof request.subscriberProcessId !== 'number' || !request.monitoredObjectId) throw new MalformedRequest();
  return request;
}
