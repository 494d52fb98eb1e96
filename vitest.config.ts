import babel from '@rolldown/plugin-babel'
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'
import viteReact from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

/** The app's own code without the Start and Nitro plugins (stack.md): unit tests and integration tests. */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  define: { __BUILD_ID__: JSON.stringify('test-build') },
  plugins: [viteReact(), babel({ presets: [linguiTransformerBabelPreset()] }), lingui()],
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['src/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          // On PostgreSQL instead of PGlite when INTEGRATION_DATABASE_URL is set: .ci/run runs the suite once, that
          // way, inside `npm test`, while the browser tests' servers keep the embedded database.
          ...(process.env.INTEGRATION_DATABASE_URL
            ? { env: { DATABASE_URL: process.env.INTEGRATION_DATABASE_URL } }
            : {}),
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // npm run test:cluster: the built server as a cluster (PostgreSQL, two instances, nginx), in order.
        extends: true,
        test: {
          name: 'cluster',
          include: ['tests/cluster/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
          sequence: { concurrent: false },
        },
      },
    ],
  },
})
