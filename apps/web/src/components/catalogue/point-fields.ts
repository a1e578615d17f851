import { componentMessages, pointTypes } from '@syrx/contracts/components';
import type { CatalogueField } from './catalogue-spec';

/** A point's editor fields (a generic point, a component type's point): code, description, point type. */
export const pointFields: readonly CatalogueField[] = [
  { name: 'point_code', label: 'Point code', required: componentMessages.pointCode, max: [50, componentMessages.length('a point code', 50)] },
  { name: 'description', label: 'Description', required: componentMessages.description, max: [200, componentMessages.length('a description', 200)] },
  { name: 'point_type', label: 'Point type', kind: 'select', required: componentMessages.pointType, options: pointTypes.map((t) => ({ value: t, label: t })) },
];
