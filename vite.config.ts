import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib'
import babel from '@rolldown/plugin-babel'
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'
import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import viteReact from '@vitejs/plugin-react'
import { nitro } from 'nitro/vite'
import { defineConfig, type Plugin } from 'vite'
import {
  ADMIN_ASSETS_DIR,
  ADMIN_ASSETS_MAX_AGE_SECONDS,
  ADMIN_ASSETS_URL,
  ADMIN_BUILD_DIR,
  ADMIN_FRAME_HEADERS,
} from './scripts/admin-build.js'
import { routeCatalogs } from './scripts/route-catalogs.js'
import { devServerOptions, nameNitroLibraryChunks, onBundlerLog } from './scripts/vite-options.js'

/** One id per build: the client compares it with /build-metadata.json to notice a new deployment (§4). */
const buildId = process.env.BUILD_ID ?? `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`

/** Writes /build-metadata.json and the latest-build files into the client output. */
function buildMetadata(): Plugin {
  return {
    name: 'store:build-metadata',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle() {
      const builtAt = new Date().toISOString()
      this.emitFile({ type: 'asset', fileName: 'build-metadata.json', source: JSON.stringify({ buildId, builtAt }) })
      this.emitFile({
        type: 'asset',
        fileName: '_build/latest.json',
        source: JSON.stringify({ id: buildId, timestamp: builtAt }),
      })
      this.emitFile({
        type: 'asset',
        fileName: `_build/meta/${buildId}.json`,
        source: JSON.stringify({ id: buildId, timestamp: builtAt }),
      })
    },
  }
}

/**
 * Nitro compresses static files from 1 KB up (compressPublicAssets); a script under 1 KB (the bundler's runtime,
 * small shared modules, a route's message catalog) would travel raw. The client build gives those their brotli and gzip copies
 * itself, which Nitro then serves like its own (issue 18: every byte before the page is usable counts).
 */
function compressSmallChunks(): Plugin {
  return {
    name: 'store:compress-small-chunks',
    apply: 'build',
    // After routeCatalogs (also `post`), so that its catalogs are in the bundle.
    enforce: 'post',
    applyToEnvironment: (environment) => environment.name === 'client',
    // From the files as written, after every plugin's generateBundle: Vite fills in a chunk's preload helper
    // (`__VITE_PRELOAD__`) there, and a copy compressed before that threw when its dynamic import ran.
    writeBundle(options, bundle) {
      const dir = options.dir
      if (!dir) return
      for (const output of Object.values(bundle)) {
        // Chunks, and the message catalogs (scripts emitted as assets by routeCatalogs).
        if (!output.fileName.endsWith('.js')) continue
        const path = join(dir, output.fileName)
        const code = readFileSync(path)
        if (code.length >= 1024) continue
        const brotli = brotliCompressSync(code, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } })
        const gzip = gzipSync(code, { level: 9 })
        if (brotli.length < code.length) writeFileSync(`${path}.br`, brotli)
        if (gzip.length < code.length) writeFileSync(`${path}.gz`, gzip)
      }
    },
  }
}

/**
 * The back office is built before the shop (decision 177: `npm run build` runs vite.admin.config.ts first) and served
 * by this build's server: a shop built without it would answer /admin with 503, so the build stops instead.
 */
function requireAdminBuild(): Plugin {
  return {
    name: 'store:require-admin-build',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'nitro',
    buildStart() {
      if (!existsSync(join(ADMIN_BUILD_DIR, 'index.html'))) {
        this.error(
          `No back-office build in ${ADMIN_BUILD_DIR}/: build with \`npm run build\` (the admin app, then the shop).`,
        )
      }
    },
  }
}

/** The back office's paths (src/admin/locale.ts): Thai unprefixed, English under /en. */
const ADMIN_PAGE_ROUTES = ['/admin', '/admin/**', '/en/admin', '/en/admin/**']

export default defineConfig({
  // `npm run dev` on PORT and HOST (3000 and Vite's default host without them).
  server: devServerOptions(process.env),
  // Build caches inside the checkout, not in node_modules: a second checkout (a git worktree sharing
  // node_modules) builds without touching this one.
  cacheDir: '.vite',
  // SOURCEMAP=1 npm run build: source maps, e.g. to see what a chunk is made of.
  build: {
    sourcemap: process.env.SOURCEMAP === '1',
    rolldownOptions: {
      // Bundler warnings are printed, except "use client"/"use server" directives in node_modules (decision 142).
      onLog: onBundlerLog,
      // Rolldown's report of slow plugins (PLUGIN_TIMINGS) fires on this build's known costs (Babel for the Lingui
      // macro, the router's code splitter) whenever the machine is busy: BUNDLER_TIMINGS=1 npm run build shows it.
      checks: { bundlerTimings: process.env.BUNDLER_TIMINGS === '1' },
    },
  },
  resolve: { tsconfigPaths: true },
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // Everything the entry needs statically travels as one file beside it, not as a score of small
            // shared chunks: brotli compresses one file better than its pieces, and files under Nitro's
            // compression threshold went out raw (issue 18: about 10 KB less on every first load).
            codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }] },
          },
        },
      },
    },
  },
  plugins: [
    tanstackStart({
      srcDirectory: 'src',
      // A route's loader travels with its component (issue 18): the first load carries only the loaders of the
      // page it shows, not those of every route (and the server-function calls and schemas they import).
      router: {
        codeSplittingOptions: {
          defaultBehavior: [['loader', 'component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']],
        },
      },
    }),
    viteReact(),
    babel({ presets: [linguiTransformerBabelPreset()] }),
    lingui(),
    // The browser's catalogs per route chunk (decision 026); the server keeps the whole catalog.
    routeCatalogs(),
    compressSmallChunks(),
    buildMetadata(),
    nameNitroLibraryChunks(),
    requireAdminBuild(),
    nitro({
      buildDir: '.nitro',
      // Static files are compressed once at build time (gzip and brotli beside each file) and served in the
      // encoding the browser accepts: the first-load JavaScript travels at about a quarter of its size.
      compressPublicAssets: { gzip: true, brotli: true },
      // The back office's hashed scripts and styles (decision 177), compressed and cached like the shop's /assets/.
      // Not a fallthrough directory: a file it does not hold is a 404 there, never a page of the shop.
      publicAssets: [
        {
          dir: join(ADMIN_BUILD_DIR, ADMIN_ASSETS_DIR),
          baseURL: `${ADMIN_ASSETS_URL}${ADMIN_ASSETS_DIR}`,
          maxAge: ADMIN_ASSETS_MAX_AGE_SECONDS,
        },
      ],
      plugins: [
        './src/server/nitro/check-config.ts',
        './src/server/nitro/request-log.ts',
        './src/server/nitro/lifecycle.ts',
      ],
      // Packages that load files next to their own code at run time (WASM, extension bundles, native
      // binaries) stay whole packages in .output/server/node_modules instead of being bundled.
      // pdfkit (tax invoices) loads its standard fonts with require() from its own package at run time.
      // sharp's platform packages (@img/sharp-<platform>, its libvips) come with sharp's trace.
      // @simplewebauthn/server (staff passkeys): bundled, tsyringe ran before its reflect-metadata import and the
      // built server did not start; as packages, Node loads them in their own order.
      traceDeps: [
        '@electric-sql/pglite*',
        'sharp*',
        'pdfkit',
        '@simplewebauthn*',
        '@peculiar*',
        'tsyringe',
        'reflect-metadata',
      ],
      // A URL whose percent-encoding is not UTF-8: a page redirects to its literal path (the 404 screen), not a bare 400.
      errorHandler: './src/server/nitro/malformed-url.ts',
      // A server-function call without a function id (Start would answer it with a 500).
      handlers: [
        // A request body over 1 MiB is refused with 413 before anything reads it (issue 15).
        { route: '/**', middleware: true, handler: './src/server/nitro/body-limit.ts' },
        { route: '/**', middleware: true, handler: './src/server/nitro/no-server-fn.ts' },
        // Liveness and readiness (README, "Operating the shop"): answered before the app, never cached.
        { route: '/healthz', handler: './src/server/nitro/healthz.ts' },
        { route: '/readyz', handler: './src/server/nitro/readyz.ts' },
        // The back office's page at every path of its own (decision 177), ahead of the shop's catch-all route.
        ...ADMIN_PAGE_ROUTES.map((route) => ({ route, handler: './src/server/nitro/admin.ts' })),
      ],
      routeRules: {
        // Static files get the headers that do not depend on the page (pages get the full set).
        '/**': {
          headers: {
            'X-Content-Type-Options': 'nosniff',
            'Referrer-Policy': 'strict-origin-when-cross-origin',
            'X-Frame-Options': 'SAMEORIGIN',
          },
        },
        '/assets/**': { headers: { 'Cache-Control': 'public, max-age=31536000, immutable' } },
        // The back office's page (decision 177): these rules' headers win over its handler's, so its stricter ones
        // are said here too (never framed, no Referer to another origin).
        ...Object.fromEntries(ADMIN_PAGE_ROUTES.map((route) => [route, { headers: { ...ADMIN_FRAME_HEADERS } }])),
        '/build-metadata.json': { headers: { 'Cache-Control': 'no-cache' } },
        '/_build/**': { headers: { 'Cache-Control': 'no-cache' } },
      },
    }),
  ],
})
