import { setupI18n, type I18n, type Messages } from '@lingui/core'
import type { MailLocale } from './templates'

/** The e-mails' own catalogs (lingui.config.ts): read by the server only, never part of the browser's JavaScript. */
const loaders: Record<MailLocale, () => Promise<{ messages: Messages }>> = {
  th: () => import('../../../locales/th/emails.po'),
  en: () => import('../../../locales/en/emails.po'),
}

const instances = new Map<MailLocale, Promise<I18n>>()

/**
 * A Lingui instance for e-mails in one language, made once per process. A catalog that does not load is an error
 * (the e-mail waits for a retry) rather than an e-mail of bare message ids.
 */
export function mailI18n(locale: MailLocale): Promise<I18n> {
  let instance = instances.get(locale)
  if (!instance) {
    instance = loaders[locale]().then(({ messages }) => {
      const i18n = setupI18n()
      i18n.loadAndActivate({ locale, messages })
      return i18n
    })
    instance.catch(() => instances.delete(locale))
    instances.set(locale, instance)
  }
  return instance
}

/** The language of an order's e-mails: its locale when the shop knows it, Thai otherwise. */
export function mailLocale(locale: string | null | undefined): MailLocale {
  return locale === 'en' ? 'en' : 'th'
}
