import { fileURLToPath } from 'node:url'
import babel from '@rolldown/plugin-babel'
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'
import viteReact from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { ADMIN_ASSETS_DIR, ADMIN_ASSETS_URL, ADMIN_BUILD_DIR } from './scripts/admin-build.js'
import { devServerOptions, onBundlerLog } from './scripts/vite-options.js'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

/** The shop's dev server, which `npm run dev:admin` sends /api to (SHOP_DEV_URL, else `npm run dev`'s default). */
const shopDevUrl = process.env.SHOP_DEV_URL ?? 'http://localhost:3000'

/**
 * The back office (docs/decisions/177): a client-only React app of its own, built from src/admin into .admin-build
 * before the shop (`npm run build`), whose Nitro serves its page at /admin/… and /en/admin/… and its files at
 * /admin-assets/. Nothing of the shop's build (its route tree, entry or chunks) knows of it.
 * `npm run dev:admin`: its dev server on ADMIN_PORT (3001), /api proxied to the shop's dev server.
 */
export default defineConfig(({ command }) => ({
  root: here('./src/admin'),
  // In development the app is served from the root (/admin/… as in production); built, its files live under
  // /admin-assets/, apart from the shop's /assets/.
  base: command === 'build' ? ADMIN_ASSETS_URL : '/',
  // Its own cache, so that the shop's and the admin's builds never share one (nor a worktree's node_modules).
  cacheDir: here('./.vite-admin'),
  // The shop's public/ (favicon, icons) is the shop's: the server serves it to the back office as well.
  publicDir: false,
  envDir: here('.'),
  resolve: { tsconfigPaths: true },
  server: {
    ...devServerOptions({ PORT: process.env.ADMIN_PORT ?? '3001', HOST: process.env.HOST }),
    // The API's paths only: a bare '/api' prefix would also catch this app's own module /api.ts.
    proxy: { '^/api/': { target: shopDevUrl, changeOrigin: false } },
  },
  build: {
    outDir: here(`./${ADMIN_BUILD_DIR}`),
    assetsDir: ADMIN_ASSETS_DIR,
    emptyOutDir: true,
    sourcemap: process.env.SOURCEMAP === '1',
    rolldownOptions: { onLog: onBundlerLog },
  },
  plugins: [viteReact(), babel({ presets: [linguiTransformerBabelPreset()] }), lingui()],
}))
