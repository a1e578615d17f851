export {
  ContactCategoriesScreen, GenericPointsScreen, IssueFieldOptionsScreen, TaskFieldOptionsScreen, UtilityCompaniesScreen, WeatherStationsScreen,
} from '../features/catalogues/components/catalogue-screens';
export { ComponentTypesScreen } from '../features/component-types/components/component-types-screen';
