import { setupI18n, type I18n, type Messages } from '@lingui/core'
import type { LocaleCode } from './locales'

declare global {
  /**
   * The browser's catalogs as they arrive (decision 026): the build (scripts/route-catalogs.ts) gives the entry and
   * each route's chunk a small catalog of their own messages, which the chunk loads before it runs.
   */
  var __STORE_MESSAGES__: Messages[] | undefined
}

const loaders: Record<LocaleCode, () => Promise<{ messages: Messages }>> = {
  th: () => import('../../locales/th/messages.po'),
  en: () => import('../../locales/en/messages.po'),
}

/** Loads one language's whole catalog; a failure is logged as §8 says and the keys are shown instead. */
export async function loadMessages(locale: LocaleCode): Promise<Messages> {
  try {
    return (await loaders[locale]()).messages
  } catch (error) {
    console.error('Failed locale loading', locale, error)
    return {}
  }
}

/**
 * In a production browser, the messages come in per chunk: what has arrived so far is loaded now, and every
 * later catalog (a route's chunk on a client navigation, a lazy component) is merged into the same messages
 * object, which the instance reads from on every translation. Silently, without Lingui's `load` (which emits
 * "change" and re-renders every translated component): a chunk's catalog arrives before the chunk's code runs,
 * so nothing on screen ever waits for it, and a re-render of the whole tree would reach parts of the page React
 * has not hydrated yet (the lazy cookie banner), which React then throws away and renders again (a layout shift).
 */
function followChunkCatalogs(i18n: I18n, locale: LocaleCode, arrived: Messages[]): void {
  const messages: Messages = Object.assign({}, ...arrived)
  i18n.loadAndActivate({ locale, messages })
  arrived.push = (...more: Messages[]) => {
    for (const catalog of more) Object.assign(messages, catalog)
    return Array.prototype.push.apply(arrived, more)
  }
}

/** A Lingui instance with one active language; one per router, so requests never share a locale. */
export async function createI18n(locale: LocaleCode): Promise<I18n> {
  const i18n = setupI18n()
  const arrived = typeof window === 'undefined' ? undefined : globalThis.__STORE_MESSAGES__
  if (arrived) {
    followChunkCatalogs(i18n, locale, arrived)
  } else {
    // The server, tests and the dev server: the whole catalog.
    i18n.loadAndActivate({ locale, messages: await loadMessages(locale) })
  }
  return i18n
}
