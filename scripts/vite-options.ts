// Options of vite.config.ts that are decisions of their own (docs/decisions/142): where `npm run dev` listens,
// which bundler logs the build leaves out, and a name for Nitro's chunk group.
import type { Plugin } from 'vite'

type Env = Readonly<Record<string, string | undefined>>

/**
 * `npm run dev` listens where PORT and HOST say, as the production server does. Without PORT: 3000, and the next
 * free port when it is taken (Vite's way); with PORT: that port or an error, never another one. Without HOST:
 * Vite's default (localhost).
 */
export function devServerOptions(env: Env): { port: number; strictPort: boolean; host?: string } {
  const host = env.HOST?.trim() || undefined
  const text = env.PORT?.trim()
  if (!text) return { port: 3000, strictPort: false, ...(host ? { host } : {}) }
  const port = Number(text)
  if (!/^\d+$/.test(text) || port < 1 || port > 65535)
    throw new Error(`PORT=${env.PORT} is not a port number (1 to 65535).`)
  return { port, strictPort: true, ...(host ? { host } : {}) }
}

/** What rolldown hands to `onLog`: a log object (or, from plugins, sometimes a bare string). */
type BundlerLog = { code?: string; id?: string; message: string } | string

// ANSI colour codes: rolldown colours the code at the start of the message.
const ANSI = /\u001b\[[0-9;]*m/g
const CLIENT_SERVER_DIRECTIVE = /module level directive "use (client|server)"/

/**
 * The one kind of bundler warning the build leaves out: a `"use client"` or `"use server"` directive at the top of
 * a module in node_modules (TanStack Router, Query and Form, Lingui's React bindings), which rolldown cannot
 * keep when it bundles the module into the server build. They mark React Server Component boundaries; this app
 * renders no server components, so the directive means nothing here. Every other warning, and the same warning
 * for our own code or another directive, is printed.
 */
export function isForeignClientServerDirective(log: BundlerLog): boolean {
  if (typeof log === 'string' || log.code !== 'MODULE_LEVEL_DIRECTIVE') return false
  const id = log.id ?? ''
  return /[\\/]node_modules[\\/]/.test(id) && CLIENT_SERVER_DIRECTIVE.test(log.message.replace(ANSI, ''))
}

/** rolldown's `onLog` for every environment: leaves out exactly those directive warnings, passes on the rest. */
export function onBundlerLog<Level extends string, Log extends BundlerLog>(
  level: Level,
  log: Log,
  next: (level: Level, log: Log) => void,
): void {
  if (level === 'warn' && isForeignClientServerDirective(log)) return
  next(level, log)
}

/**
 * Nitro puts the server's node_modules into `_libs/` chunks with a `codeSplitting` group whose name is a function
 * and that has no `debugName`; rolldown then warns (MISSING_CODE_SPLITTING_GROUP_DEBUG_NAME) that its timing
 * report, printed when a plugin or option is slow, could not name the group. This gives it the name.
 */
export function nameNitroLibraryChunks(): Plugin {
  return {
    name: 'store:name-nitro-library-chunks',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'nitro',
    outputOptions(options) {
      const splitting = options.codeSplitting
      if (typeof splitting !== 'object' || !splitting.groups) return null
      return {
        ...options,
        codeSplitting: {
          ...splitting,
          groups: splitting.groups.map((group) =>
            typeof group.name === 'function' && group.debugName === undefined
              ? { ...group, debugName: 'nitro node_modules libraries (_libs)' }
              : group,
          ),
        },
      }
    },
  }
}
