import { EngineeringUnits, ErrorClass, ErrorCode, PropertyIdentifier as P, StatusFlags, StatusFlagsBitString, type BACNetAppData, type BACNetObjectID } from '@bacnet-js/client';
import { objectKind, objectRole, objectTypeNumbers, resolveUnits, type ObjectKind, type ObjectRole } from '../bacnet-names.ts';
import { resolveEventState, resolveReliability } from '../condition-names.ts';
import type { ObjectDefinition, ValuePattern } from '../site.schema.ts';
import { identityProperties, objectPropertyList, readObjectProperty } from './object-properties.ts';
import { appData, type PropertyValue } from './property-value.ts';
import { evaluatePattern, patternSeed } from './value-pattern.ts';

const priorityLevels = 16;

/** A simulated point: an analog, binary or multi-state input, output or value. */
export class SimObject {
  readonly id: BACNetObjectID;
  readonly kind: ObjectKind;
  readonly role: ObjectRole;
  readonly name: string;
  readonly description: string;
  readonly units: number;
  readonly covIncrement: number;
  readonly stateTexts: readonly string[];
  readonly activeText: string;
  readonly inactiveText: string;
  outOfService: boolean;
  /** Reliability (0: no-fault-detected); anything else sets the fault flag. */
  reliability: number;
  /** Event_State (0: normal); anything else sets the in-alarm flag. */
  eventState: number;
  /** Commanded values by priority (index 0 is priority 1); only outputs and values are commandable. */
  readonly priorityArray: (number | null)[] = Array.from({ length: priorityLevels }, () => null);
  /** A value that replaces the pattern (setValue, the "physical" reading), until cleared. */
  processOverride: number | undefined;
  /** The present value written to an input while it is out of service. */
  outOfServiceValue: number | undefined;
  private readonly pattern: ValuePattern;
  private readonly seed: number;

  constructor(definition: ObjectDefinition, deviceInstance: number) {
    this.kind = objectKind(definition.type);
    this.role = objectRole(definition.type);
    this.id = { type: objectTypeNumbers[definition.type], instance: definition.instance };
    this.name = definition.name;
    this.description = definition.description;
    this.units = definition.units === undefined ? EngineeringUnits.NO_UNITS : (resolveUnits(definition.units) ?? EngineeringUnits.NO_UNITS);
    this.covIncrement = definition.covIncrement ?? 0.1;
    this.stateTexts = definition.stateTexts ?? [];
    this.activeText = definition.activeText ?? 'Active';
    this.inactiveText = definition.inactiveText ?? 'Inactive';
    this.outOfService = definition.outOfService;
    this.reliability = resolveReliability(definition.reliability ?? 0) ?? 0;
    this.eventState = resolveEventState(definition.eventState ?? 0) ?? 0;
    for (const c of definition.commands ?? []) this.priorityArray[c.priority - 1] = this.coerce(c.value);
    this.pattern = definition.value ?? { kind: 'constant', value: this.kind === 'multistate' ? 1 : 0 };
    this.seed = patternSeed(deviceInstance, this.id.type, this.id.instance);
  }

  get commandable(): boolean {
    return this.role !== 'input';
  }

  /** Brings any number to what this kind of object can hold: 0/1 for binary, a state 1…n for multi-state. */
  coerce(value: number): number {
    if (this.kind === 'binary') return value >= 0.5 ? 1 : 0;
    if (this.kind === 'multistate') return Math.min(Math.max(Math.round(value), 1), this.stateTexts.length);
    return value;
  }

  /** The value the object's own process gives: the pattern at this moment, or the override. */
  processValue(now: number): number {
    return this.coerce(this.processOverride ?? evaluatePattern(this.pattern, now, this.seed));
  }

  presentValue(now: number): number {
    if (this.role === 'input') return this.outOfService && this.outOfServiceValue !== undefined ? this.outOfServiceValue : this.processValue(now);
    return this.priorityArray.find((entry) => entry !== null) ?? this.processValue(now);
  }

  /** As a device derives them: in-alarm from Event_State, fault from Reliability, out-of-service from Out_Of_Service. */
  statusFlags(): StatusFlagsBitString {
    const flags = [
      ...(this.eventState !== 0 ? [StatusFlags.IN_ALARM] : []),
      ...(this.reliability !== 0 ? [StatusFlags.FAULT] : []),
      ...(this.outOfService ? [StatusFlags.OUT_OF_SERVICE] : []),
    ];
    return new StatusFlagsBitString(...flags);
  }

  /** A present-value as BACnet data: REAL, ENUMERATED or UNSIGNED by kind. */
  encodeValue(value: number): BACNetAppData {
    if (this.kind === 'analog') return appData.real(value);
    if (this.kind === 'binary') return appData.enumerated(value);
    return appData.unsigned(value);
  }

  /** The properties of property-list (which leaves out identifier, name, type and property-list itself). */
  propertyList(): P[] {
    return objectPropertyList(this);
  }

  hasProperty(id: P): boolean {
    return identityProperties.includes(id) || this.propertyList().includes(id);
  }

  /** A property's value now, or undefined when the object has no such property. */
  property(id: P, now: number): PropertyValue | undefined {
    return this.hasProperty(id) ? readObjectProperty(this, id, now) : undefined;
  }

  /** Error for a write this object refuses, given the property exists; undefined when it may be written. */
  writeDenied(id: P): { errorClass: ErrorClass; errorCode: ErrorCode } | undefined {
    if (id === P.OUT_OF_SERVICE) return undefined;
    if (id === P.PRESENT_VALUE && (this.commandable || this.outOfService)) return undefined;
    return { errorClass: ErrorClass.PROPERTY, errorCode: ErrorCode.WRITE_ACCESS_DENIED };
  }
}
