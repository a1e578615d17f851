import { desc, eq } from 'drizzle-orm';
import type { RegistrationRequest } from '@syrx/contracts/registration';
import type { Db } from '../db/client.ts';
import { emailOutbox } from '../db/schema/index.ts';
import type { TestClient } from './test-app.ts';

export function registration(overrides: Partial<RegistrationRequest> = {}): RegistrationRequest {
  return {
    email: 'dana.reyes@example.com', password: 'correct horse battery', first_name: 'Dana', last_name: 'Reyes',
    address: '1 Harbor Way', city: 'Portland', state: 'OR', zip: '97201', job_title: 'Controls engineer',
    group_name: 'Reyes Mechanical', ...overrides,
  };
}

/** The validation token of the newest mail to this address, read from the outbox as a user reads the mail. */
export async function validationTokenFor(db: Db, email: string): Promise<string> {
  const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email)).orderBy(desc(emailOutbox.id)).limit(1);
  const token = mail?.bodyText.match(/\/login\/([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no validation link mailed to ${email}`);
  return token;
}

/** Registers through the API and signs in through the mailed link, as a new user does. */
export async function registerAndSignIn(client: TestClient, db: Db, overrides: Partial<RegistrationRequest> = {}) {
  const body = registration(overrides);
  const res = await client.post('/api/v2/users/register', body);
  if (res.statusCode !== 201) throw new Error(`registration failed: ${res.statusCode} ${res.body}`);
  const token = await validationTokenFor(db, body.email.toLowerCase());
  const login = await client.post('/api/Login', { username: body.email, password: body.password, token });
  if (login.statusCode !== 200) throw new Error(`sign-in failed: ${login.statusCode} ${login.body}`);
  return { body, user: login.json<{ id: number; commissioning_group: { id: number; name: string } }>() };
}
