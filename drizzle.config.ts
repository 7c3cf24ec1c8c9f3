import { defineConfig } from 'drizzle-kit';

// Only `drizzle-kit generate` reads this: migrations are plain SQL committed under
// server/db/migrations and applied at start by server/db/index.ts (PGlite or PostgreSQL).
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
