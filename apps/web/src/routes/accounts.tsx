import { type RouteObject, useParams } from 'react-router';
import { AccountEditor } from '../features/accounts/components/account-editor';
import { AccountsScreen } from '../features/accounts/components/accounts-screen';
import { PageNotFound } from '../components/page-not-found';

/** Another id is another form (nothing of the previous account stays in it); an id that is no number is no page. */
function EditAccountRoute() {
  const raw = useParams().id ?? '';
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : null;
  return id === null ? <PageNotFound /> : <AccountEditor key={id} id={id} />;
}

/** Building meter accounts (spec 02 section 2): the cards, adding and editing. */
export const accountRoutes: RouteObject[] = [
  { path: '/admin/groups/accounts', element: <AccountsScreen /> },
  { path: '/admin/groups/accounts/editor', element: <AccountEditor key="new" id={null} /> },
  { path: '/admin/groups/accounts/editor/:id', element: <EditAccountRoute /> },
];
