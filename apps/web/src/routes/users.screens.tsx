import { useParams } from 'react-router';
import { UserEditorScreen, UserNotFound } from '../features/users/components/user-editor-screen';

export { UsersScreen } from '../features/users/components/users-screen';

/** The user of the path, or "not found" when the path holds no id. */
export function UserEditorRoute() {
  const param = useParams().userId;
  const id = param !== undefined && /^[1-9]\d{0,9}$/.test(param) ? Number(param) : null;
  return id === null ? <UserNotFound /> : <UserEditorScreen key={id} userId={id} />;
}
