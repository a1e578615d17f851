import { Welcome } from '../features/home/components/welcome';
import { ScreenLinks } from '../features/navigation/components/screen-links';
import { useCurrentUser } from '../lib/session';

/** /home: the landing page after sign-in. */
export function HomeRoute() {
  const user = useCurrentUser();
  return (
    <>
      <Welcome user={user} />
      <ScreenLinks permissions={user.permissions} />
    </>
  );
}
