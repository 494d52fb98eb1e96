import { useLingui } from '@lingui/react/macro'
import { useLocation, useRouteContext } from '@tanstack/react-router'
import { LOCALE_CODES, type LocaleCode } from '~/i18n/locales'
import { bootSite, locationPath } from '~/routing/location-links'

const SHORT: Record<LocaleCode, string> = { th: 'TH', en: 'EN' }

/**
 * Links to the same page in the other language. `?lang=` lets the server set the language cookie and
 * redirect to the localised path (§2, §4), with or without JavaScript: a plain link on purpose (a full page load
 * brings the other catalog), written by the typed link helper from the page on screen.
 */
export function LanguageSwitch() {
  const { t } = useLingui()
  const { boot } = useRouteContext({ from: '__root__' })
  const location = useLocation()
  const hrefFor = (code: LocaleCode) =>
    locationPath({ pathname: location.pathname, search: { ...location.search, lang: code } }, bootSite(boot))
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
