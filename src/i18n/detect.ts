import type { LanguageStrategy } from '~/config/constants'
import { isLocaleCode, LOCALE_CODES, type LocaleCode } from './locales'
import { localizePath, splitLocalePrefix } from './paths'

export type LocaleDomains = Partial<
  Record<LocaleCode, { domain?: string; domains?: string[]; defaultForDomains?: string[]; domainDefault?: boolean }>
>

export type LocaleSettings = {
  strategy: LanguageStrategy
  defaultLocale: LocaleCode
  domains?: LocaleDomains
}

export type LocaleRequest = {
  pathname: string
  search: string
  host: string | null
  cookie: string | null
  acceptLanguage: string | null
}

export type LocaleDecision = {
  locale: LocaleCode
  /** The default (unprefixed) locale for this host. */
  defaultLocale: LocaleCode
  /** Where to send the shopper instead, when the URL is not the localised one. */
  redirect: string | null
  /** Whether the language cookie must be (re)written with `locale`. */
  setCookie: boolean
  warnings: string[]
}

/** Languages of an Accept-Language header that we offer, best first. */
export function parseAcceptLanguage(header: string | null): LocaleCode[] {
  if (!header) return []
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
      const q = qParam ? Number(qParam.slice(2)) : 1
      return { primary: tag.trim().toLowerCase().split('-')[0] ?? '', q: Number.isFinite(q) ? q : 0, index }
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
  const result: LocaleCode[] = []
  for (const { primary } of ranked) {
    if (isLocaleCode(primary) && !result.includes(primary)) result.push(primary)
  }
  return result
}

function hostName(host: string | null): string | null {
  if (!host) return null
  return host.toLowerCase().replace(/:\d+$/, '')
}

/** Locales whose configured domains include this host (§3: domain, domains). */
export function localesForHost(host: string | null, domains: LocaleDomains | undefined): LocaleCode[] {
  const name = hostName(host)
  if (!name || !domains) return []
  return LOCALE_CODES.filter((code) => {
    const entry = domains[code]
    return entry !== undefined && (entry.domain === name || (entry.domains ?? []).includes(name))
  })
}

/** The default locale of a host: its defaultForDomains entry, a domainDefault match, or the setting. */
export function defaultLocaleForHost(host: string | null, settings: LocaleSettings): LocaleCode {
  const name = hostName(host)
  const domains = settings.domains
  if (!name || !domains) return settings.defaultLocale
  const explicit = LOCALE_CODES.find((code) => (domains[code]?.defaultForDomains ?? []).includes(name))
  if (explicit) return explicit
  const matches = localesForHost(host, domains)
  return matches.find((code) => domains[code]?.domainDefault) ?? matches[0] ?? settings.defaultLocale
}

/** Reads the language cookie: detection step one (§9: cookie, browser languages, fallback). */
function detect(request: LocaleRequest, fallback: LocaleCode, warnings: string[]): LocaleCode {
  if (request.cookie !== null) {
    if (isLocaleCode(request.cookie)) return request.cookie
    warnings.push(`Missing language "${request.cookie}" in cookie; using detection`)
  }
  return parseAcceptLanguage(request.acceptLanguage)[0] ?? fallback
}

function withoutLangParam(search: string): string {
  const params = new URLSearchParams(search)
  params.delete('lang')
  const text = params.toString()
  return text ? `?${text}` : ''
}

/**
 * Decides the language of a page request and whether to redirect to its localised path.
 * Pure: the request middleware applies the decision, the router reads the locale from it.
 */
export function resolveLocale(request: LocaleRequest, settings: LocaleSettings): LocaleDecision {
  const warnings: string[] = []
  const { strategy } = settings
  const defaultLocale = defaultLocaleForHost(request.host, settings)
  const pathOptions = { strategy, defaultLocale }
  const { prefix, path } = splitLocalePrefix(request.pathname)
  const decide = (locale: LocaleCode, redirect: string | null = null): LocaleDecision => ({
    locale,
    defaultLocale,
    redirect,
    setCookie: request.cookie !== locale,
    warnings,
  })

  // An explicit switch (?lang=xx), as the language menu sends under no_prefix.
  const requested = new URLSearchParams(request.search).get('lang')
  if (requested !== null) {
    const internal = strategy === 'no_prefix' ? request.pathname : path
    if (isLocaleCode(requested)) {
      return decide(requested, localizePath(internal, requested, pathOptions) + withoutLangParam(request.search))
    }
    warnings.push(`Missing language "${requested}" requested; ignored`)
  }

  if (strategy === 'no_prefix') {
    const hostLocales = localesForHost(request.host, settings.domains)
    if (hostLocales.length > 1) {
      warnings.push(
        `Several locales match the domain ${hostName(request.host) ?? ''} under no_prefix: ${hostLocales.join(', ')}`,
      )
    }
    if (prefix) return decide(prefix, path + request.search)
    const fromHost = hostLocales.find((code) => settings.domains?.[code]?.domainDefault) ?? hostLocales[0]
    return decide(fromHost ?? detect(request, defaultLocale, warnings))
  }

  if (prefix) {
    if (strategy === 'prefix_except_default' && prefix === defaultLocale) {
      return decide(prefix, path + request.search)
    }
    return decide(prefix)
  }

  if (strategy === 'prefix') {
    const detected = detect(request, defaultLocale, warnings)
    return decide(detected, localizePath(path, detected, pathOptions) + request.search)
  }

  // prefix_except_default: only the root is redirected by detection, so shared links keep their language.
  if (path === '/') {
    const detected = detect(request, defaultLocale, warnings)
    if (detected !== defaultLocale) {
      return decide(detected, localizePath('/', detected, pathOptions) + request.search)
    }
  }
  return decide(defaultLocale)
}

/** The Set-Cookie value for the language cookie (§9: 365 days, Path=/, SameSite=Lax, Secure when set). */
export function localeCookie(locale: LocaleCode, secure: boolean, maxAgeSeconds: number): string {
  return `i18n_redirected=${locale}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`
}
