import { setupI18n, type I18n, type Messages } from '@lingui/core'
import type { AdminLocale } from './locale'

/** The back office's own catalog (lingui.config.ts, `locales/{locale}/admin`): none of the shop's messages. */
const catalogs: Record<AdminLocale, () => Promise<{ messages: Messages }>> = {
  th: () => import('../../locales/th/admin.po'),
  en: () => import('../../locales/en/admin.po'),
}

/** A Lingui instance in `locale`, its catalog loaded (only that language's file is fetched). */
export async function createAdminI18n(locale: AdminLocale): Promise<I18n> {
  const i18n = setupI18n()
  i18n.loadAndActivate({ locale, messages: (await catalogs[locale]()).messages })
  return i18n
}
