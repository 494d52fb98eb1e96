import { defineConfig } from 'drizzle-kit'

/** `npx drizzle-kit generate` writes the SQL migrations that start-up applies (src/db/migrate.server.ts). */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './src/db/migrations',
})
