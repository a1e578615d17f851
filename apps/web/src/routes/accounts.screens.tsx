import { useParams } from 'react-router';
import { AccountEditor } from '../features/accounts/components/account-editor';
import { PageNotFound } from '../components/page-not-found';

export { AccountsScreen } from '../features/accounts/components/accounts-screen';

export const NewAccountRoute = () => <AccountEditor key="new" id={null} />;

/** Another id is another form (nothing of the previous account stays in it); an id that is no number is no page. */
export function EditAccountRoute() {
  const raw = useParams().id ?? '';
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : null;
  return id === null ? <PageNotFound /> : <AccountEditor key={id} id={id} />;
}
