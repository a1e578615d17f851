import { ErrorClass, ErrorCode, ObjectType, PropertyIdentifier as P, StatusFlagsBitString, type BACNetAppData, type BACNetObjectID } from '@bacnet-js/client';
import type { TrendLogDefinition } from '../trend-log.schema.ts';
import { appData, scalar, type BacnetFailure, type PropertyValue } from './property-value.ts';
import type { SimObject } from './sim-object.ts';

/** One entry of a log buffer: when, and the logged value (its BACnet type is the logged object's). */
export interface LogRecord {
  time: number;
  value: number;
}

const propertyList = [
  P.DESCRIPTION, P.STATUS_FLAGS, P.EVENT_STATE, P.ENABLE, P.STOP_WHEN_FULL, P.BUFFER_SIZE, P.LOG_BUFFER, P.RECORD_COUNT,
  P.TOTAL_RECORD_COUNT, P.LOGGING_TYPE, P.LOG_INTERVAL, P.LOG_DEVICE_OBJECT_PROPERTY,
];
const identity = [P.OBJECT_IDENTIFIER, P.OBJECT_NAME, P.OBJECT_TYPE, P.PROPERTY_LIST];
const polledLogging = 0;

/**
 * A simulated Trend_Log: the present-value of one object of its device, logged at whole multiples of the interval
 * (epoch-aligned, so a restarted simulator logs the same times again). Logging is computed when the log is read —
 * the records up to now are appended then, each with the object's value at its time — so no timer runs and memory
 * stays within Buffer_Size. A value written to the object counts from the next read on.
 */
export class SimTrendLog {
  readonly id: BACNetObjectID;
  readonly name: string;
  readonly description: string;
  readonly intervalMs: number;
  readonly bufferSize: number;
  enable: boolean;
  /** Records ever logged (Total_Record_Count); the newest record's sequence number. */
  totalRecordCount = 0;
  private readonly buffer: LogRecord[] = [];
  /** Time of the last interval logged (or passed over while disabled); undefined until the first read. */
  private loggedUntil: number | undefined;
  private readonly historyMs: number;

  constructor(definition: TrendLogDefinition, readonly logged: SimObject) {
    this.id = { type: ObjectType.TREND_LOG, instance: definition.instance };
    this.name = definition.name;
    this.description = definition.description;
    this.intervalMs = definition.logIntervalSeconds * 1000;
    this.bufferSize = definition.bufferSize;
    this.enable = definition.enable;
    this.historyMs = (definition.historySeconds ?? definition.bufferSize * definition.logIntervalSeconds) * 1000;
  }

  /** Appends the records due up to `now` (only the last Buffer_Size of a long stretch are kept, all are counted). */
  catchUp(now: number): void {
    const last = Math.floor(now / this.intervalMs) * this.intervalMs;
    const from = this.loggedUntil === undefined ? Math.ceil((last - this.historyMs) / this.intervalMs) * this.intervalMs : this.loggedUntil + this.intervalMs;
    this.loggedUntil = Math.max(this.loggedUntil ?? last, last);
    if (!this.enable || from > last) return;
    const due = (last - from) / this.intervalMs + 1;
    this.totalRecordCount += due;
    const kept = Math.min(due, this.bufferSize);
    for (let time = last - (kept - 1) * this.intervalMs; time <= last; time += this.intervalMs) {
      this.buffer.push({ time, value: this.logged.presentValue(time) });
    }
    if (this.buffer.length > this.bufferSize) this.buffer.splice(0, this.buffer.length - this.bufferSize);
  }

  /** The buffer, oldest first, as of `now`. */
  records(now: number): readonly LogRecord[] {
    this.catchUp(now);
    return this.buffer;
  }

  /** The sequence number of the buffer's oldest record (the newest is totalRecordCount). */
  firstSequenceNumber(): number {
    return this.totalRecordCount - this.buffer.length + 1;
  }

  /** A logged value as BACnet data the log record's choice carries (REAL, ENUMERATED or UNSIGNED). */
  get valueKind(): SimObject['kind'] {
    return this.logged.kind;
  }

  propertiesOf(): P[] {
    return [...identity.slice(0, 3), ...propertyList, P.PROPERTY_LIST];
  }

  hasProperty(id: P): boolean {
    return identity.includes(id) || propertyList.includes(id);
  }

  /**
   * A property now; Log_Buffer is read with ReadRange only (ReadProperty: read-access-denied) and
   * Log_Device_Object_Property is encoded by the protocol layer (a reference the library cannot encode as data).
   */
  property(id: P, now: number): PropertyValue | BacnetFailure | undefined {
    this.catchUp(now);
    const values: Partial<Record<P, () => BACNetAppData>> = {
      [P.OBJECT_IDENTIFIER]: () => appData.objectId(this.id),
      [P.OBJECT_NAME]: () => appData.string(this.name),
      [P.OBJECT_TYPE]: () => appData.enumerated(ObjectType.TREND_LOG),
      [P.DESCRIPTION]: () => appData.string(this.description),
      [P.STATUS_FLAGS]: () => appData.bitString(new StatusFlagsBitString()),
      [P.EVENT_STATE]: () => appData.enumerated(0),
      [P.ENABLE]: () => appData.boolean(this.enable),
      [P.STOP_WHEN_FULL]: () => appData.boolean(false),
      [P.BUFFER_SIZE]: () => appData.unsigned(this.bufferSize),
      [P.RECORD_COUNT]: () => appData.unsigned(this.buffer.length),
      [P.TOTAL_RECORD_COUNT]: () => appData.unsigned(this.totalRecordCount),
      [P.LOGGING_TYPE]: () => appData.enumerated(polledLogging),
      // Log_Interval is in hundredths of a second.
      [P.LOG_INTERVAL]: () => appData.unsigned(this.intervalMs / 10),
    };
    if (id === P.PROPERTY_LIST) return { kind: 'array', length: propertyList.length, item: (i) => appData.enumerated(propertyList[i - 1] ?? 0) };
    if (id === P.LOG_BUFFER || id === P.LOG_DEVICE_OBJECT_PROPERTY) return { errorClass: ErrorClass.PROPERTY, errorCode: ErrorCode.READ_ACCESS_DENIED };
    const value = values[id];
    return value && scalar(value());
  }

  /** Enable may be written (a BOOLEAN); Record_Count may be written 0, which empties the buffer. */
  write(id: P, values: BACNetAppData[], now: number): BacnetFailure | undefined {
    const [first] = values;
    this.catchUp(now);
    if (id === P.ENABLE && typeof first?.value === 'boolean') {
      this.enable = first.value;
      return undefined;
    }
    if (id === P.RECORD_COUNT && first?.value === 0) {
      this.buffer.length = 0;
      return undefined;
    }
    if (id === P.ENABLE || id === P.RECORD_COUNT) return { errorClass: ErrorClass.PROPERTY, errorCode: ErrorCode.VALUE_OUT_OF_RANGE };
    const exists = this.hasProperty(id);
    return { errorClass: ErrorClass.PROPERTY, errorCode: exists ? ErrorCode.WRITE_ACCESS_DENIED : ErrorCode.UNKNOWN_PROPERTY };
  }
}
