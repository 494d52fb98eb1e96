import { setupI18n, type I18n, type Messages } from '@lingui/core'
import type { LocaleCode } from './locales'

const loaders: Record<LocaleCode, () => Promise<{ messages: Messages }>> = {
  th: () => import('../../locales/th/messages.po'),
  en: () => import('../../locales/en/messages.po'),
}

/** Loads one language's catalog; a failure is logged as §8 says and the keys are shown instead. */
export async function loadMessages(locale: LocaleCode): Promise<Messages> {
  try {
    return (await loaders[locale]()).messages
  } catch (error) {
    console.error('Failed locale loading', locale, error)
    return {}
  }
}

/** A Lingui instance with one active language; one per router, so requests never share a locale. */
export async function createI18n(locale: LocaleCode): Promise<I18n> {
  const i18n = setupI18n()
  i18n.loadAndActivate({ locale, messages: await loadMessages(locale) })
  return i18n
}
