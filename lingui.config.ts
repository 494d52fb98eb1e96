import { defineConfig } from '@lingui/cli'
import { formatter } from '@lingui/format-po'

/** Where the e-mails' words live: a server-only catalog, so they never add bytes to the browser's catalog. */
const EMAIL_SOURCES = 'src/api/emails'

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
      exclude: ['**/*.test.ts', '**/*.test.tsx', `${EMAIL_SOURCES}/**`],
    },
    {
      // The e-mails' catalog, loaded only by the server (src/api/emails/i18n.server.ts; decision 110).
      path: '<rootDir>/locales/{locale}/emails',
      include: [EMAIL_SOURCES],
      exclude: ['**/*.test.ts', '**/*.test.tsx'],
    },
  ],
  format: formatter({ lineNumbers: false }),
})
