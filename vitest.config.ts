import babel from '@rolldown/plugin-babel'
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'
import viteReact from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

/** Unit tests: the app's own code without the Start and Nitro plugins (stack.md). */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  define: { __BUILD_ID__: JSON.stringify('test-build') },
  plugins: [viteReact(), babel({ presets: [linguiTransformerBabelPreset()] }), lingui()],
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.{ts,tsx}'],
    environment: 'node',
  },
})
