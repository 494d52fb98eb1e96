import { useLingui } from '@lingui/react/macro'
import { useLocation, useRouteContext } from '@tanstack/react-router'
import { LOCALE_CODES, type LocaleCode } from '~/i18n/locales'
import { localizePath } from '~/i18n/paths'

const SHORT: Record<LocaleCode, string> = { th: 'TH', en: 'EN' }

/**
 * Links to the same page in the other language. `?lang=` lets the server set the language cookie and
 * redirect to the localised path (§2, §4), with or without JavaScript.
 */
export function LanguageSwitch() {
  const { t } = useLingui()
  const { boot } = useRouteContext({ from: '__root__' })
  const location = useLocation()
  const publicPath = localizePath(location.pathname, boot.locale, {
    strategy: boot.config.languageStrategy,
    defaultLocale: boot.defaultLocale,
  })
  const hrefFor = (code: LocaleCode) => {
    const params = new URLSearchParams(location.searchStr)
    params.set('lang', code)
    return `${publicPath}?${params.toString()}`
  }
  const names: Record<LocaleCode, string> = { th: t`Thai`, en: t`English` }
  return (
    <nav className="switch" aria-label={t`Language`}>
      {LOCALE_CODES.map((code) =>
        code === boot.locale ? (
          <span key={code} className="switch__item is-current" aria-current="true" lang={code} title={names[code]}>
            {SHORT[code]}
          </span>
        ) : (
          <a key={code} className="switch__item" href={hrefFor(code)} hrefLang={code} lang={code} title={names[code]}>
            <span className="visually-hidden">{names[code]} </span>
            <span aria-hidden="true">{SHORT[code]}</span>
          </a>
        ),
      )}
    </nav>
  )
}
