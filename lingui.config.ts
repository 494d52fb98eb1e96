import { defineConfig } from '@lingui/cli'
import { formatter } from '@lingui/format-po'

/** Where the e-mails' words live: a server-only catalog, so they never add bytes to the browser's catalog. */
const EMAIL_SOURCES = 'src/api/emails'
/** The back office's words: its own catalog, loaded by the back office only (decision 177), never by a shopper's page. */
const ADMIN_SOURCES = 'src/admin'

/** English strings in the code are the message ids; Thai (the default language) is translated in locales/th. */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['th', 'en'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      // The pages' catalog, loaded by the browser (src/i18n/catalogs.ts).
      path: '<rootDir>/locales/{locale}/messages',
      include: ['src'],
      exclude: ['**/*.test.ts', '**/*.test.tsx', `${EMAIL_SOURCES}/**`, `${ADMIN_SOURCES}/**`],
    },
    {
      // The e-mails' catalog, loaded only by the server (src/api/emails/i18n.server.ts; decision 110).
      path: '<rootDir>/locales/{locale}/emails',
      include: [EMAIL_SOURCES],
      exclude: ['**/*.test.ts', '**/*.test.tsx'],
    },
    {
      // The back office's catalog (src/admin/i18n.ts).
      path: '<rootDir>/locales/{locale}/admin',
      include: [ADMIN_SOURCES],
      exclude: ['**/*.test.ts', '**/*.test.tsx'],
    },
  ],
  format: formatter({ lineNumbers: false }),
})
