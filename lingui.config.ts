import { defineConfig } from '@lingui/cli'
import { formatter } from '@lingui/format-po'

/** English strings in the code are the message ids; Thai (the default language) is translated in locales/th. */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['th', 'en'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['src'],
      exclude: ['**/*.test.ts', '**/*.test.tsx'],
    },
  ],
  format: formatter({ lineNumbers: false }),
})
