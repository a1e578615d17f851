import { useParams } from 'react-router';
import { NotYetAvailable } from '../components/not-yet-available';
import { PageNotFound } from '../components/page-not-found';
import { menuLink, legacyScreen } from '../features/navigation/menu-items';
import { useLegacyAppUrl } from '../lib/client-config';

/**
 * /not-available/{slug}: a legacy-app screen reached by an old link or bookmark (no menu leads here). With the legacy
 * app deployed it offers the way there; without it, the way home.
 */
export function LegacyScreenRoute() {
  const { slug = '' } = useParams();
  const legacyAppUrl = useLegacyAppUrl();
  const item = legacyScreen(slug);
  if (!item) return <PageNotFound />;
  return <NotYetAvailable screen={item.label} elsewhere={menuLink(item, legacyAppUrl)?.href} />;
}
