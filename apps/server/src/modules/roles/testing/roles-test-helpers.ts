import { registerAndSignIn } from '../../../test/registration-helpers.ts';
import type { TestApp, TestClient } from '../../../test/test-app.ts';

import { signedInAdmin } from '../../../test/admin-helpers.ts';

export { createGroupRole, createRole, fieldsOf, put, signedInAdmin } from '../../../test/admin-helpers.ts';

/** A self-registered user (Organization administrator of their own new group), signed in. */
export async function registeredUser(t: TestApp, email: string, group: string) {
  const client = t.client();
  const { user } = await registerAndSignIn(client, t.db, { email, group_name: group });
  return { client, id: user.id, groupId: user.commissioning_group.id, username: email };
}

/** The administrator, signed in, and Dana: a self-registered user of her own Reyes Mechanical, whom roles are given to. */
export async function adminAndDana(t: TestApp) {
  return { admin: await signedInAdmin(t), dana: await registeredUser(t, 'dana@example.com', 'Reyes Mechanical') };
}

export const permissionsOf = async (c: TestClient) => (await c.get('/api/Login')).json<{ permissions: string[] }>().permissions;
