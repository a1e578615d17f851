/**
 * The integration files run once per database: the vitest projects db-pglite and db-postgres (TEST_DB names the pass).
 * A describe whose subject is not the database (the packaged agent, the route sweep's bad input, the agent's remote
 * operations) runs in one pass only, `describe.runIf(dbPass.postgres)`: twice would only double what CI spends on it.
 * So does one that needs what only one of them has (a server restarted on the embedded directory, several instances
 * on one PostgreSQL).
 */
export const dbPass = {
  pglite: process.env.TEST_DB !== 'postgres',
  postgres: process.env.TEST_DB === 'postgres',
} as const;
