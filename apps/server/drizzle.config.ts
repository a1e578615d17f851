import { defineConfig } from 'drizzle-kit';

// DRIZZLE_OUT lets `npm run db:check` generate into a scratch copy to compare with the checked-in history.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: process.env.DRIZZLE_OUT ?? './drizzle',
});
