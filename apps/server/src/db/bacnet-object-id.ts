import { sql } from 'drizzle-orm';
import { bacnetPoints } from './schema/index.ts';

/** A BACnet point's object id as the wire shows it: object type name and instance number (`analog-input:3`). */
export const pointObjectId = sql<string>`${bacnetPoints.objectTypeName} || ':' || ${bacnetPoints.instanceNumber}`;
