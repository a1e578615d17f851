import { controllerIdSchema } from '@syrx/contracts/controllers';
import { canonicalServiceId } from '@syrx/contracts/services';

/** The controller area, and its older form (spec 01 section 2). */
export const areaBase = '/admin/syrx-controllers';
export const oldAreaBase = '/admin/syrx-controllers-old';
export type AreaBase = typeof areaBase | typeof oldAreaBase;

/** Whether a path segment can be a controller id (anything else under the area is an unknown path). */
export const isControllerId = (segment: string | undefined): segment is string => controllerIdSchema.safeParse(segment).success;

const enc = encodeURIComponent;

/**
 * Where the links of the controller screens lead in one form of the area. The older form has only the list,
 * the detail, the editor and the service pages; its other links lead into the current area.
 */
export function areaPaths(base: AreaBase) {
  const inBase = (id: string) => `${base}/${enc(id)}`;
  const inArea = (id: string) => `${areaBase}/${enc(id)}`;
  return {
    base,
    newController: `${areaBase}/new`,
    controller: inBase,
    edit: (id: string) => `${inBase(id)}/edit`,
    remove: (id: string) => `${inArea(id)}/delete`,
    services: (id: string) => `${inArea(id)}/services`,
    service: (id: string, serviceId: string) => `${inBase(id)}/services/${enc(serviceId)}`,
    serviceLogs: (id: string, serviceId: string) => `${inBase(id)}/services/${enc(serviceId)}/logs`,
  };
}
export type AreaPaths = ReturnType<typeof areaPaths>;

/** The tree node (its path below the area base) that the page at `pathname` belongs to, if any. */
export function treeKeyOf(pathname: string): string | undefined {
  if (!pathname.startsWith(`${areaBase}/`)) return undefined;
  const [id, section, sub, subPage] = pathname.slice(areaBase.length + 1).split('/').map(decodeURIComponent);
  if (!isControllerId(id)) return undefined;
  switch (section) {
    case 'services':
      return sub ? `${id}/services/${canonicalServiceId(sub) ?? sub}` : `${id}/services`;
    case 'devices':
      // A device's page and its points page have nodes of their own; the add page belongs to the list.
      if (sub !== undefined && /^\d+$/.test(sub)) return subPage === 'points' ? `${id}/devices/${sub}/points` : `${id}/devices/${sub}`;
      return `${id}/devices`;
    case 'devices-old':
      return `${id}/devices`;
    case 'points':
    case 'logs':
      return `${id}/${section}`;
    case undefined:
    default:
      return id;
  }
}
