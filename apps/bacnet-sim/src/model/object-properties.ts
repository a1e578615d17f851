import { PropertyIdentifier as P } from '@bacnet-js/client';
import { appData, arrayOf, scalar, type PropertyValue } from './property-value.ts';
import type { SimObject } from './sim-object.ts';

/** Every object has these; property-list leaves them out. */
export const identityProperties: readonly P[] = [P.OBJECT_IDENTIFIER, P.OBJECT_NAME, P.OBJECT_TYPE, P.PROPERTY_LIST];

export function objectPropertyList(o: SimObject): P[] {
  const common = [P.PRESENT_VALUE, P.DESCRIPTION, P.STATUS_FLAGS, P.EVENT_STATE, P.RELIABILITY, P.OUT_OF_SERVICE];
  const kindSpecific = {
    analog: [P.UNITS, P.COV_INCREMENT],
    binary: [P.POLARITY, P.ACTIVE_TEXT, P.INACTIVE_TEXT],
    multistate: [P.NUMBER_OF_STATES, P.STATE_TEXT],
  }[o.kind];
  const commanding = o.commandable ? [P.PRIORITY_ARRAY, P.RELINQUISH_DEFAULT, P.CURRENT_COMMAND_PRIORITY] : [];
  return [...common, ...kindSpecific, ...commanding];
}

type Reader = (o: SimObject, now: number) => PropertyValue;

const normal = () => scalar(appData.enumerated(0)); // polarity normal

const readers: Partial<Record<P, Reader>> = {
  [P.OBJECT_IDENTIFIER]: (o) => scalar(appData.objectId(o.id)),
  [P.OBJECT_NAME]: (o) => scalar(appData.string(o.name)),
  [P.OBJECT_TYPE]: (o) => scalar(appData.enumerated(o.id.type)),
  [P.PROPERTY_LIST]: (o) => arrayOf(o.propertyList().map((p) => appData.enumerated(p))),
  [P.PRESENT_VALUE]: (o, now) => scalar(o.encodeValue(o.presentValue(now))),
  [P.DESCRIPTION]: (o) => scalar(appData.string(o.description)),
  [P.STATUS_FLAGS]: (o) => scalar(appData.bitString(o.statusFlags())),
  [P.EVENT_STATE]: (o) => scalar(appData.enumerated(o.eventState)),
  [P.RELIABILITY]: (o) => scalar(appData.enumerated(o.reliability)),
  [P.POLARITY]: normal,
  [P.OUT_OF_SERVICE]: (o) => scalar(appData.boolean(o.outOfService)),
  [P.UNITS]: (o) => scalar(appData.enumerated(o.units)),
  [P.COV_INCREMENT]: (o) => scalar(appData.real(o.covIncrement)),
  [P.ACTIVE_TEXT]: (o) => scalar(appData.string(o.activeText)),
  [P.INACTIVE_TEXT]: (o) => scalar(appData.string(o.inactiveText)),
  [P.NUMBER_OF_STATES]: (o) => scalar(appData.unsigned(o.stateTexts.length)),
  [P.STATE_TEXT]: (o) => arrayOf(o.stateTexts.map((text) => appData.string(text))),
  [P.PRIORITY_ARRAY]: (o) => arrayOf(o.priorityArray.map((entry) => (entry === null ? appData.null() : o.encodeValue(entry)))),
  [P.RELINQUISH_DEFAULT]: (o, now) => scalar(o.encodeValue(o.processValue(now))),
  [P.CURRENT_COMMAND_PRIORITY]: (o) => {
    const level = o.priorityArray.findIndex((entry) => entry !== null);
    return scalar(level < 0 ? appData.null() : appData.unsigned(level + 1));
  },
};

/** The value of a property the object has (check with hasProperty first). */
export function readObjectProperty(o: SimObject, id: P, now: number): PropertyValue | undefined {
  return readers[id]?.(o, now);
}
