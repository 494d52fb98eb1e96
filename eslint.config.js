import js from '@eslint/js'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import { importX } from 'eslint-plugin-import-x'
import pluginLingui from 'eslint-plugin-lingui'
import pluginQuery from '@tanstack/eslint-plugin-query'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import internalLinks from './eslint-rules/no-internal-path-strings.js'
import { config as defineTsConfig, configs as tsConfigs } from 'typescript-eslint'

/**
 * The product API and the storefront meet only in the wire contract (docs/decisions/028): src/api and the
 * storefront (src/product-api and everything else) import src/contract and nothing of each other; the contract
 * takes nothing but the domain; the domain takes nothing of the database. The one module that may import the
 * API is the server that hosts it (src/server/api-app.server.ts, which builds it with its providers), and for the
 * commands that ask the running shop, src/server/staff-control.server.ts (the admin API's staff commands only).
 */
const STOREFRONT = [
  'account',
  'analytics',
  'build',
  'cart',
  'catalog',
  'checkout',
  'components',
  'consent',
  'content',
  'errors',
  'forms',
  'images',
  'line',
  'product-api',
  'routes',
  'routing',
  'scan',
  'security',
  'seo',
  'server',
  'styles',
].map((dir) => `./src/${dir}`)
const STOREFRONT_ROOT_FILES = ['boot-state.ts', 'boot.ts', 'client.tsx', 'router.tsx', 'start.ts'].map(
  (file) => `./src/${file}`,
)
const boundaries = [
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/api/**', 'src/server/api-app.server.ts', 'src/server/staff-control.server.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src',
              from: './src/api',
              message:
                'Only the wire contract (~/contract) is shared with the product API; the server that hosts the API (src/server/api-app.server.ts) is the one place that imports it.',
            },
            {
              // The server may read the back office's pure helpers (its paths and languages) to serve its page.
              target: ['./src/!(admin|server)/**', './src/*.{ts,tsx}'],
              from: ['./src/admin/**'],
              message:
                "The shop's pages never import the back office (decision 177): not one byte of it may reach a shopper.",
            },
          ],
        },
      ],
    },
  },
  {
    // The back office is an app of its own (decision 177): its own router, catalog and bundle. It takes the domain,
    // the wire contract and the brand's name, nothing of the shop's pages (which would pull them into its bundle, and
    // the shop's registered router into its type program).
    files: ['src/admin/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/admin',
              from: ['./src/!(admin|domain|contract)/**', './src/!(brand).{ts,tsx}'],
              message: 'The back office takes only ~/domain, ~/contract and ~/brand of the shop (decision 177).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/api/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/api',
              from: [...STOREFRONT, ...STOREFRONT_ROOT_FILES],
              message: 'The product API takes nothing of the storefront or its client: share it through ~/contract.',
            },
            {
              target: './src/api',
              from: './src/i18n',
              except: ['./dates.ts', './locales.ts'],
              message: 'The product API shares only the date formats and the list of languages of src/i18n.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/contract/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='nullable'][callee.object.type='Identifier']",
          message:
            "A named schema's .nullable() is written to the OpenAPI document as a schema that rejects null: use nullable(schema) from ./nullable.",
        },
      ],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/contract',
              from: './src',
              except: ['./contract', './domain'],
              message: 'The wire contract takes only the domain (its enums and limits) and zod.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/domain/**/*.{ts,tsx}'],
    ignores: ['src/domain/**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/domain',
              from: ['./src/db', './src/api', './src/contract', ...STOREFRONT, ...STOREFRONT_ROOT_FILES],
              message:
                'The domain owns its enums and rules: the database schema, the API and the storefront import it, not the other way round.',
            },
          ],
        },
      ],
    },
  },
]

/**
 * Lingui's no-unlocalized-strings (decision 035): the words a shopper reads are written in the React components and
 * pages, and there every string goes through Lingui (t, Trans, msg). The rule reads src/**\/*.tsx, not the .ts
 * modules (the API's OpenAPI texts, operators' configuration messages, cookie attributes, the information pages'
 * texts written in both languages) nor tests. It leaves out what is never words: one token not starting with a
 * capital (classes, keys, paths), constants, strings without letters, key=value lists; class names, SVG path data,
 * responsive image sizes, time zones; error messages and console output (for developers), and formatDate's date strings.
 */
const unlocalizedStrings = {
  files: ['src/**/*.tsx'],
  ignores: ['src/**/*.test.tsx'],
  rules: {
    'lingui/no-unlocalized-strings': [
      'error',
      {
        ignore: [
          '^(?![A-Z])\\S+$',
          '^[A-Z0-9_/.-]+$',
          '^[^A-Za-z\\u0E00-\\u0E7F]*$',
          '^[\\w-]+=[\\w.-]+(?:, [\\w-]+=[\\w.-]+)*$',
        ],
        ignoreNames: [
          { regex: { pattern: 'className$', flags: 'i' } },
          { regex: { pattern: '^[A-Z0-9_]+$' } },
          'd',
          'sizes',
          'timeZone',
        ],
        ignoreFunctions: ['Error', 'console.*', 'formatDate'],
      },
    ],
  },
}

/**
 * Typed links (decision 034): storefront code names the shop's pages through the router's types, never as string
 * paths (eslint-rules/no-internal-path-strings.js). The product API's own routes and the tests are not storefront.
 */
const typedLinks = [
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/api/**', 'src/**/*.test.{ts,tsx}', 'src/routeTree.gen.ts'],
    plugins: { 'internal-links': internalLinks },
    rules: { 'internal-links/no-internal-path-strings': 'error' },
  },
]

export default defineTsConfig(
  {
    ignores: [
      '.output/**',
      'dist/**',
      'node_modules/**',
      'src/routeTree.gen.ts',
      'test-results/**',
      'playwright-report/**',
      'data/**',
      '.e2e-data/**',
      '.cluster/**',
      '.e2e-cluster/**',
      '.nitro/**',
      '.vite/**',
      '.tanstack/**',
      '.admin-build/**',
      '.vite-admin/**',
    ],
  },
  js.configs.recommended,
  ...tsConfigs.strict,
  importX.flatConfigs.recommended,
  importX.flatConfigs.typescript,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'react-hooks': reactHooks },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'no-control-regex': 'off',
    },
  },
  // TanStack Query's and Lingui's own rules (issue 20, decision 035).
  ...pluginQuery.configs['flat/recommended'],
  pluginLingui.configs['flat/recommended'],
  unlocalizedStrings,
  ...boundaries,
  ...typedLinks,
)
