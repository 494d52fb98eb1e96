import { createHash } from 'node:crypto'
import { getConfig } from '@lingui/conf'
import { createCompiledCatalog, getCatalogs } from '@lingui/cli/api'
import type { Plugin } from 'vite'

/** The global the browser's catalogs are handed over in (src/i18n/catalogs.ts reads it). */
export const MESSAGES_GLOBAL = '__STORE_MESSAGES__'
/** The pages' catalog of lingui.config.ts (the e-mails' catalog never reaches the browser). */
const PAGES_CATALOG = /locales\/\{locale\}\/messages$/
/** A message id as the Lingui macro leaves it in the code: `id: "…"` (object) or `id="…"` (JSX). */
const ID_PATTERN = /\bid\s*[:=]\s*(["'`])([A-Za-z0-9_-]{4,12})\1/g

type Compiled = Record<string, unknown>

/**
 * Decision 026: per-route message catalogs in the browser. The server keeps the whole catalog; the browser
 * gets, beside each chunk that React loads on its own (the entry, a route's component, a lazy component),
 * one small catalog per language with the messages of the modules that chunk brings (its static imports
 * included) and that the shell (the entry and its static imports) does not already have. The chunk waits for
 * its catalog (a top-level await at its start), so nothing renders before its words are there: not the first
 * page (the router loads the matched routes' chunks before hydrating) and not a client navigation.
 *
 * Which messages a module uses is read from the code the Lingui macro left (the ids); only ids of the
 * catalog count. `npm run i18n:extract` and locales/<lang>/messages.po stay the one catalog.
 */
export function routeCatalogs(): Plugin {
  const idsByModule = new Map<string, Set<string>>()
  const catalogs = new Map<string, Compiled>()
  const emitted = new Map<string, string>()
  let locales: string[] = []
  let defaultLocale = ''
  let knownIds = new Set<string>()

  async function compileCatalogs() {
    const config = getConfig({ cwd: process.cwd() })
    locales = config.locales
    defaultLocale = config.locales[0] ?? config.sourceLocale
    const pages = (await getCatalogs(config)).find((catalog) => PAGES_CATALOG.test(catalog.path))
    if (!pages) throw new Error('route-catalogs: lingui.config.ts has no locales/{locale}/messages catalog')
    for (const locale of locales) {
      const { messages } = await pages.getTranslations(locale, {
        fallbackLocales: config.fallbackLocales,
        sourceLocale: config.sourceLocale,
      })
      const { source, errors } = createCompiledCatalog(locale, messages, { namespace: 'json' })
      if (errors.length > 0) throw new Error(`route-catalogs: ${locale} does not compile: ${errors[0]?.id}`)
      catalogs.set(locale, (JSON.parse(source) as { messages: Compiled }).messages)
    }
    knownIds = new Set(Object.keys(catalogs.get(defaultLocale) ?? {}))
  }

  /** The file of one language's catalog for a set of ids (content-addressed, so a cached chunk never misses it). */
  function catalogFile(chunkName: string, locale: string, ids: string[]): string {
    const all = catalogs.get(locale) ?? {}
    const messages = Object.fromEntries(ids.map((id) => [id, all[id]]))
    const json = JSON.stringify(messages)
    const source = `(globalThis.${MESSAGES_GLOBAL}??=[]).push(JSON.parse(${JSON.stringify(json)}));\n`
    const hash = createHash('sha256').update(source).digest('base64url').slice(0, 10)
    const name = `i18n-${chunkName.replace(/[^A-Za-z0-9_-]/g, '_')}-${hash}.${locale}.js`
    emitted.set(`assets/${name}`, source)
    return name
  }

  return {
    name: 'store:route-catalogs',
    apply: 'build',
    enforce: 'post',
    applyToEnvironment: (environment) => environment.name === 'client',
    async buildStart() {
      idsByModule.clear()
      emitted.clear()
      await compileCatalogs()
    },
    transform(code, id) {
      if (id.includes('/node_modules/') || !/\bid\s*[:=]/.test(code)) return null
      const ids = new Set<string>()
      for (const match of code.matchAll(ID_PATTERN)) {
        const messageId = match[2]
        if (messageId && knownIds.has(messageId)) ids.add(messageId)
      }
      if (ids.size > 0) idsByModule.set(id, ids)
      return null
    },
    renderChunk(code, chunk, _options, meta) {
      if (!chunk.isEntry && !chunk.isDynamicEntry) return null
      const chunks = meta.chunks
      const idsOf = (fileName: string, seen = new Set<string>()): Set<string> => {
        const ids = new Set<string>()
        if (seen.has(fileName)) return ids
        seen.add(fileName)
        const info = chunks[fileName]
        if (!info) return ids
        for (const moduleId of info.moduleIds) for (const id of idsByModule.get(moduleId) ?? []) ids.add(id)
        for (const imported of info.imports) for (const id of idsOf(imported, seen)) ids.add(id)
        return ids
      }
      const shell = new Set<string>()
      if (!chunk.isEntry) {
        for (const [fileName, info] of Object.entries(chunks)) {
          if (info.isEntry) for (const id of idsOf(fileName)) shell.add(id)
        }
      }
      const ids = [...idsOf(chunk.fileName)].filter((id) => !shell.has(id)).sort()
      if (ids.length === 0) return null
      const files = Object.fromEntries(locales.map((locale) => [locale, `./${catalogFile(chunk.name, locale, ids)}`]))
      // The page's language is the document's (rendered by the server); a catalog that fails to load is logged and
      // the page shows the message ids, as a missing catalog always did (§8).
      const prologue =
        `await import(${JSON.stringify(files)}[document.documentElement.lang]??${JSON.stringify(files[defaultLocale])})` +
        `.catch((error)=>console.error("Failed locale loading",error));`
      return { code: prologue + code, map: null }
    },
    generateBundle() {
      for (const [fileName, source] of emitted) this.emitFile({ type: 'asset', fileName, source })
    },
  }
}
