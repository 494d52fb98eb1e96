import { getRequest } from '@tanstack/react-start/server'
import { env, publicConfig } from '../../app.config'
import { resolveLocale } from '~/i18n/detect'
import { DEFAULT_REGION } from '~/region/region'
import type { BootState } from '~/boot-state'
import { CONSENT_PREFS_COOKIE, parseConsent } from '~/consent/consent'
import { readCookie } from './cookies'
import { getRequestState } from './request-state.server'

/** The boot state of the router built for the current request. */
export function serverBootState(): BootState {
  const request = getRequest()
  const state = getRequestState(request)
  if (state) {
    return {
      locale: state.locale,
      defaultLocale: state.defaultLocale,
      config: publicConfig,
      nonce: state.nonce,
      refererPath: state.refererPath,
      region: state.region,
      abVariant: state.abVariant,
      consent: parseConsent(readCookie(request.headers.get('cookie'), CONSENT_PREFS_COOKIE)),
      buildId: __BUILD_ID__,
    }
  }
  // Requests the page middleware did not see (server functions): decide the language the same way.
  const url = new URL(request.url)
  const decision = resolveLocale(
    {
      pathname: url.pathname,
      search: '',
      host: request.headers.get('host'),
      cookie: readCookie(request.headers.get('cookie'), 'i18n_redirected'),
      acceptLanguage: request.headers.get('accept-language'),
    },
    { strategy: env.LANGUAGE_STRATEGY, defaultLocale: env.DEFAULT_LOCALE, domains: env.LOCALE_DOMAINS },
  )
  return {
    locale: decision.locale,
    defaultLocale: decision.defaultLocale,
    config: publicConfig,
    nonce: null,
    refererPath: null,
    region: DEFAULT_REGION,
    abVariant: 'A',
    consent: parseConsent(readCookie(request.headers.get('cookie'), CONSENT_PREFS_COOKIE)),
    buildId: __BUILD_ID__,
  }
}
