// Where the back office's own build goes and where the server serves it (docs/decisions/177): shared by
// vite.admin.config.ts, which writes it, and vite.config.ts, whose Nitro serves it.

/** The back office's build (vite.admin.config.ts): its page and, under `assets/`, its hashed scripts and styles. */
export const ADMIN_BUILD_DIR = '.admin-build'

/** The URL of the back office's assets: the build's base, and the Nitro public-asset directory's base URL. */
export const ADMIN_ASSETS_URL = '/admin-assets/'

/** The subdirectory of the build that holds the hashed files; the page beside it is not a public file. */
export const ADMIN_ASSETS_DIR = 'assets'

/** A hashed file never changes: a year, immutable (as the shop's /assets/). */
export const ADMIN_ASSETS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60

/**
 * The back office page's own framing and referrer headers (decision 177), stricter than the shop's: its handler sends
 * them (src/server/admin-page.server.ts), and vite.config.ts's route rules, whose headers win over a handler's, say
 * the same for its paths.
 */
export const ADMIN_FRAME_HEADERS = { 'X-Frame-Options': 'DENY', 'Referrer-Policy': 'same-origin' } as const
