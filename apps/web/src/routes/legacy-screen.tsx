import { useParams } from 'react-router';
import { NotYetAvailable } from '../components/not-yet-available';
import { PageNotFound } from '../components/page-not-found';
import { legacyScreen } from '../features/navigation/menu-items';

/** /not-available/{slug}: a legacy-app screen while no legacy app is deployed. */
export function LegacyScreenRoute() {
  const { slug = '' } = useParams();
  const item = legacyScreen(slug);
  return item ? <NotYetAvailable screen={item.label} /> : <PageNotFound />;
}
