import { Tag, Typography } from 'antd';
import { type FieldOption, issueFields, issueMessages } from '@syrx/contracts/issues';
import { catalogueMessages, type ContactCategory, type GenericPoint, type UtilityCompany, utilityServiceTypes, type WeatherStationRow } from '@syrx/contracts/catalogues';
import { CatalogueScreen } from '../../../components/catalogue/catalogue-screen';
import type { CatalogueField, CatalogueScreenSpec } from '../../../components/catalogue/catalogue-spec';
import { pointFields } from '../../../components/catalogue/point-fields';
import { contactCategoriesApi, genericPointsApi, issueFieldOptionsApi, taskFieldOptionsApi, utilityCompaniesApi, weatherStationsApi } from '../api/catalogues';

const usedBy = (n: number, one: string, many: string) => (n === 0 ? null : `Used by ${n} ${n === 1 ? one : many}`);
const name = (max: number): CatalogueField => ({ name: 'name', label: 'Name', required: catalogueMessages.name, max: [max, catalogueMessages.length('a name', max)] });
const byName = { field: 'name', label: 'Name' } as const;

/** The stations accounts are normalised against (weatherstations_manage). */
const weatherStations: CatalogueScreenSpec<WeatherStationRow> = {
  title: 'Weather stations', one: 'weather station', many: 'weather stations', key: 'code', filter: byName, api: weatherStationsApi,
  columns: [
    { field: 'code', title: 'Code', width: 100 }, { field: 'name', title: 'Name' }, { field: 'latitude', title: 'Latitude', width: 110 },
    { field: 'longitude', title: 'Longitude', width: 110 }, { field: 'timezone', title: 'Time zone', width: 200 }, { field: 'accounts', title: 'Accounts', width: 100 },
  ],
  fields: [
    { name: 'code', label: 'Code (ICAO)', required: catalogueMessages.stationCode, rules: [{ pattern: /^\s*[A-Za-z0-9]{3,8}\s*$/, message: catalogueMessages.stationCode }] },
    name(200),
    { name: 'latitude', label: 'Latitude', kind: 'number', required: catalogueMessages.latitude, range: [-90, 90, catalogueMessages.latitude] },
    { name: 'longitude', label: 'Longitude', kind: 'number', required: catalogueMessages.longitude, range: [-180, 180, catalogueMessages.longitude] },
    { name: 'timezone', label: 'Time zone (IANA)', required: catalogueMessages.timezone, placeholder: 'America/New_York' },
  ],
  usage: (s) => usedBy(s.accounts, 'account', 'accounts'),
};

/** Utility companies (utility_companies_manage). */
const utilityCompanies: CatalogueScreenSpec<UtilityCompany> = {
  title: 'Utility companies', one: 'utility company', many: 'utility companies', key: 'name', filter: byName, api: utilityCompaniesApi,
  columns: [
    { field: 'name', title: 'Name' }, { field: 'service_type', title: 'Service', width: 110, render: (c) => <Tag>{c.service_type}</Tag> },
    { field: 'website', title: 'Website', render: (c) => c.website && <Typography.Link href={c.website} target="_blank" rel="noreferrer">{c.website}</Typography.Link> },
    { field: 'phone', title: 'Phone', width: 160 },
  ],
  fields: [
    name(200),
    { name: 'service_type', label: 'Service', kind: 'select', required: catalogueMessages.serviceType, options: utilityServiceTypes.map((v) => ({ value: v, label: v })) },
    { name: 'website', label: 'Website', placeholder: 'https://', max: [500, catalogueMessages.length('a web address', 500)], rules: [{ pattern: /^\s*(https?:\/\/\S+\.\S+)?\s*$/i, message: catalogueMessages.website }] },
    { name: 'phone', label: 'Phone', max: [50, catalogueMessages.length('a phone number', 50)] },
  ],
};

/** What a contact is to a project: owner, engineer… (contact_categories_manage). */
const contactCategories: CatalogueScreenSpec<ContactCategory> = {
  title: 'Contact categories', one: 'contact category', many: 'contact categories', key: 'name', filter: byName, api: contactCategoriesApi,
  columns: [{ field: 'name', title: 'Name' }, { field: 'contacts', title: 'Contacts', width: 110 }],
  fields: [name(100)],
  usage: (c) => usedBy(c.contacts, 'contact', 'contacts'),
};

/** The standard point codes a component type's points are picked from (components_manage). */
const genericPoints: CatalogueScreenSpec<GenericPoint> = {
  title: 'Generic points', one: 'generic point', many: 'generic points', key: 'point_code', filter: { field: 'point_code', label: 'Point code' }, api: genericPointsApi,
  columns: [{ field: 'point_code', title: 'Point code', width: 160 }, { field: 'description', title: 'Description' }, { field: 'point_type', title: 'Type', width: 90 }],
  fields: pointFields,
};

/** The statuses (a closed one closes an entry), priorities and types of issues or of tasks (issue_/task_field_options_manage). */
const fieldOptions = (one: 'issue' | 'task', api: CatalogueScreenSpec<FieldOption>['api']): CatalogueScreenSpec<FieldOption> => ({
  title: `${one === 'issue' ? 'Issue' : 'Task'} field options`, one: `${one} field option`, many: `${one} field options`, key: 'name', filter: byName, api,
  columns: [
    { field: 'field', title: 'Field', width: 110 }, { field: 'name', title: 'Name' }, { field: 'position', title: 'Position', width: 100 },
    { field: 'closed', title: 'Closes', width: 90, render: (o) => (o.closed ? <Tag color="green">closed</Tag> : '') }, { field: 'issues', title: `${one === 'issue' ? 'Issues' : 'Tasks'}`, width: 90 },
  ],
  fields: [
    { name: 'field', label: 'Field', kind: 'select', required: 'Choose status, priority or type', options: issueFields.map((f) => ({ value: f, label: f })) },
    name(100),
    { name: 'position', label: 'Position (order in the lists)', kind: 'number', range: [0, 1000, issueMessages.position] },
    { name: 'closed', label: 'A status that closes the entry', kind: 'checkbox' },
  ],
  usage: (o) => usedBy(o.issues, one, `${one}s`),
});

/** /admin/weather-stations, /admin/utility-companies, /admin/contact-categories and /admin/generic-points. */
export const WeatherStationsScreen = () => <CatalogueScreen spec={weatherStations} />;
export const UtilityCompaniesScreen = () => <CatalogueScreen spec={utilityCompanies} />;
export const ContactCategoriesScreen = () => <CatalogueScreen spec={contactCategories} />;
export const GenericPointsScreen = () => <CatalogueScreen spec={genericPoints} />;
const issueFieldOptions = fieldOptions('issue', issueFieldOptionsApi);
const taskFieldOptions = fieldOptions('task', taskFieldOptionsApi);
/** /admin/issue-field-options and /admin/task-field-options. */
export const IssueFieldOptionsScreen = () => <CatalogueScreen spec={issueFieldOptions} />;
export const TaskFieldOptionsScreen = () => <CatalogueScreen spec={taskFieldOptions} />;
