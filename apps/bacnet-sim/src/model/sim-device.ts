import { ASN1_MAX_INSTANCE, ErrorClass, ErrorCode, ObjectType, PropertyIdentifier as P, Segmentation, type BACNetAppData, type BACNetObjectID } from '@bacnet-js/client';
import { segmentationNumbers } from '../bacnet-names.ts';
import { objectTypeNumbers } from '../bacnet-names.ts';
import type { DeviceDefinition, ObjectDefinition } from '../site.schema.ts';
import { deviceProperty, devicePropertyList } from './device-properties.ts';
import { deviceObjects } from './object-groups.ts';
import { writeObjectProperty } from './object-write.ts';
import { failure, readPropertyValue, type BacnetFailure, type PropertyValue, type ReadResult } from './property-value.ts';
import { SimObject } from './sim-object.ts';
import { SimTrendLog } from './trend-log.ts';

const objectKey = (id: BACNetObjectID) => `${id.type}:${id.instance}`;

/** A simulated BACnet device: its device object, its points, and the database revision that counts changes to them. */
export class SimDevice {
  readonly instance: number;
  readonly name: string;
  readonly vendorName: string;
  readonly vendorId: number;
  readonly modelName: string;
  readonly description: string;
  readonly location: string;
  readonly firmwareRevision: string;
  readonly applicationSoftwareVersion: string;
  readonly maxApdu: number;
  readonly supportsRpm: boolean;
  readonly supportsCov: boolean;
  /** Segmentation_Supported (Segmentation: both 0, transmit 1, receive 2, none 3) and the window size of segmented transfers. */
  readonly segmentation: Segmentation;
  readonly segmentWindow: number;
  databaseRevision: number;
  private readonly objects = new Map<string, SimObject>();
  /** Trend_Log objects by instance (not points: they log one). */
  readonly trendLogs = new Map<number, SimTrendLog>();
  private objectListCache: BACNetObjectID[] | undefined;

  constructor(definition: DeviceDefinition) {
    this.instance = definition.instance;
    this.name = definition.name;
    this.vendorName = definition.vendorName;
    this.vendorId = definition.vendorId;
    this.modelName = definition.modelName;
    this.description = definition.description;
    this.location = definition.location;
    this.firmwareRevision = definition.firmwareRevision;
    this.applicationSoftwareVersion = definition.applicationSoftwareVersion;
    this.maxApdu = definition.maxApdu;
    this.supportsRpm = definition.supportsRpm;
    this.supportsCov = definition.supportsCov;
    this.segmentation = segmentationNumbers[definition.segmentation];
    this.segmentWindow = definition.segmentWindow;
    this.databaseRevision = definition.databaseRevision;
    for (const object of deviceObjects(definition)) this.insert(new SimObject(object, this.instance));
    for (const log of definition.trendLogs) {
      const logged = this.point({ type: objectTypeNumbers[log.object.type], instance: log.object.instance });
      if (!logged) throw new Error(`${this.name}: trend log ${log.instance} logs an object the device does not have`);
      this.trendLogs.set(log.instance, new SimTrendLog(log, logged));
    }
  }

  get sendsSegments(): boolean {
    return this.segmentation === Segmentation.SEGMENTED_BOTH || this.segmentation === Segmentation.SEGMENTED_TRANSMIT;
  }

  get receivesSegments(): boolean {
    return this.segmentation === Segmentation.SEGMENTED_BOTH || this.segmentation === Segmentation.SEGMENTED_RECEIVE;
  }

  get id(): BACNetObjectID {
    return { type: ObjectType.DEVICE, instance: this.instance };
  }

  /** The device object first, then every point, as object-list gives them. */
  objectList(): BACNetObjectID[] {
    this.objectListCache ??= [this.id, ...[...this.objects.values()].map((o) => o.id), ...[...this.trendLogs.values()].map((l) => l.id)];
    return this.objectListCache;
  }

  get points(): SimObject[] {
    return [...this.objects.values()];
  }

  isDevice(id: BACNetObjectID): boolean {
    // 4194303 is the wildcard instance: "the device that receives this request".
    return id.type === ObjectType.DEVICE && (id.instance === this.instance || id.instance === ASN1_MAX_INSTANCE);
  }

  trendLog(id: BACNetObjectID): SimTrendLog | undefined {
    return id.type === ObjectType.TREND_LOG ? this.trendLogs.get(id.instance) : undefined;
  }

  point(id: BACNetObjectID): SimObject | undefined {
    return this.objects.get(objectKey(id));
  }

  /** Adds a point (a change of the object list: database-revision goes up). */
  addObject(definition: ObjectDefinition): SimObject {
    const object = new SimObject(definition, this.instance);
    if (this.objects.has(objectKey(object.id))) throw new Error(`${this.name} already has ${definition.type} ${definition.instance}`);
    if (object.name === this.name || this.points.some((o) => o.name === object.name)) throw new Error(`${this.name} already has an object named "${object.name}"`);
    this.insert(object);
    this.databaseRevision++;
    return object;
  }

  /** Removes a point; database-revision goes up. Returns false when there was no such point. */
  removeObject(id: BACNetObjectID): boolean {
    if (!this.objects.delete(objectKey(id))) return false;
    this.objectListCache = undefined;
    this.databaseRevision++;
    return true;
  }

  private insert(object: SimObject): void {
    this.objects.set(objectKey(object.id), object);
    this.objectListCache = undefined;
  }

  /** The properties that ALL and REQUIRED expand to in ReadPropertyMultiple, or undefined for an unknown object. */
  propertiesOf(id: BACNetObjectID): P[] | undefined {
    const identity = [P.OBJECT_IDENTIFIER, P.OBJECT_NAME, P.OBJECT_TYPE];
    if (this.isDevice(id)) return [...identity, ...devicePropertyList, P.PROPERTY_LIST];
    const log = this.trendLog(id);
    if (log) return log.propertiesOf();
    const point = this.point(id);
    return point && [...identity, ...point.propertyList(), P.PROPERTY_LIST];
  }

  readProperty(id: BACNetObjectID, propertyId: P, index: number, now: number): ReadResult {
    let value: PropertyValue | undefined;
    const log = this.trendLog(id);
    if (this.isDevice(id)) value = deviceProperty(this, propertyId);
    else if (log) {
      const answer = log.property(propertyId, now);
      if (answer && !('kind' in answer)) return { ok: false, failure: answer };
      value = answer;
    } else {
      const point = this.point(id);
      if (!point) return failure(ErrorClass.OBJECT, ErrorCode.UNKNOWN_OBJECT);
      value = point.property(propertyId, now);
    }
    return value ? readPropertyValue(value, index) : failure(ErrorClass.PROPERTY, ErrorCode.UNKNOWN_PROPERTY);
  }

  /** WriteProperty; returns the error to answer or undefined on success. */
  writeProperty(id: BACNetObjectID, propertyId: P, index: number, values: BACNetAppData[], priority: number): BacnetFailure | undefined {
    if (this.isDevice(id)) {
      const exists = deviceProperty(this, propertyId) !== undefined;
      return { errorClass: ErrorClass.PROPERTY, errorCode: exists ? ErrorCode.WRITE_ACCESS_DENIED : ErrorCode.UNKNOWN_PROPERTY };
    }
    const log = this.trendLog(id);
    if (log) return log.write(propertyId, values, Date.now());
    const point = this.point(id);
    if (!point) return { errorClass: ErrorClass.OBJECT, errorCode: ErrorCode.UNKNOWN_OBJECT };
    return writeObjectProperty(point, propertyId, index, values, priority);
  }
}
