import { describe, expect, it } from 'vitest'
import {
  defaultLocaleForHost,
  localeCookie,
  localesForHost,
  parseAcceptLanguage,
  resolveLocale,
  type LocaleRequest,
  type LocaleSettings,
} from './detect'
import { delocalizePath, localizePath, splitLocalePrefix } from './paths'

const request = (overrides: Partial<LocaleRequest>): LocaleRequest => ({
  pathname: '/',
  search: '',
  host: 'shop.example.com',
  cookie: null,
  acceptLanguage: null,
  ...overrides,
})
const exceptDefault: LocaleSettings = { strategy: 'prefix_except_default', defaultLocale: 'th' }
const prefix: LocaleSettings = { strategy: 'prefix', defaultLocale: 'th' }
const noPrefix: LocaleSettings = { strategy: 'no_prefix', defaultLocale: 'th' }

describe('parseAcceptLanguage', () => {
  it('orders offered languages by quality', () => {
    expect(parseAcceptLanguage('fr-FR,en-US;q=0.8,th;q=0.9')).toEqual(['th', 'en'])
    expect(parseAcceptLanguage('en-GB, th;q=0')).toEqual(['en'])
    expect(parseAcceptLanguage('de, *;q=0.5')).toEqual([])
    expect(parseAcceptLanguage(null)).toEqual([])
  })
})

describe('paths', () => {
  it('adds and strips the prefix by strategy', () => {
    expect(localizePath('/cart', 'en', { strategy: 'prefix_except_default', defaultLocale: 'th' })).toBe('/en/cart')
    expect(localizePath('/cart', 'th', { strategy: 'prefix_except_default', defaultLocale: 'th' })).toBe('/cart')
    expect(localizePath('/', 'th', { strategy: 'prefix', defaultLocale: 'th' })).toBe('/th')
    expect(localizePath('/cart', 'en', { strategy: 'no_prefix', defaultLocale: 'th' })).toBe('/cart')
    expect(delocalizePath('/en/cart', { strategy: 'prefix', defaultLocale: 'th' })).toBe('/cart')
    expect(delocalizePath('/en', { strategy: 'prefix', defaultLocale: 'th' })).toBe('/')
    expect(delocalizePath('/en/cart', { strategy: 'no_prefix', defaultLocale: 'th' })).toBe('/en/cart')
    expect(splitLocalePrefix('/english/x')).toEqual({ prefix: null, path: '/english/x' })
  })
})

describe('resolveLocale: prefix_except_default (the default strategy)', () => {
  it('serves Thai unprefixed and English under /en', () => {
    expect(resolveLocale(request({ pathname: '/about-us' }), exceptDefault)).toMatchObject({
      locale: 'th',
      redirect: null,
    })
    expect(resolveLocale(request({ pathname: '/en/about-us' }), exceptDefault)).toMatchObject({
      locale: 'en',
      redirect: null,
    })
  })

  it('detects at the root: cookie first, then Accept-Language, then the fallback', () => {
    expect(resolveLocale(request({ cookie: 'en', acceptLanguage: 'th' }), exceptDefault).redirect).toBe('/en')
    expect(resolveLocale(request({ cookie: 'th', acceptLanguage: 'en' }), exceptDefault).redirect).toBeNull()
    expect(resolveLocale(request({ acceptLanguage: 'en-US,en;q=0.9' }), exceptDefault).redirect).toBe('/en')
    expect(resolveLocale(request({ acceptLanguage: 'de' }), exceptDefault)).toMatchObject({
      locale: 'th',
      redirect: null,
    })
  })

  it('keeps shared links in their language below the root', () => {
    expect(resolveLocale(request({ pathname: '/cart', cookie: 'en' }), exceptDefault)).toMatchObject({
      locale: 'th',
      redirect: null,
      setCookie: true,
    })
  })

  it('redirects a prefixed default language to the unprefixed path', () => {
    expect(resolveLocale(request({ pathname: '/th/cart', search: '?a=1' }), exceptDefault).redirect).toBe('/cart?a=1')
  })

  it('switches language with ?lang= and keeps the page and other parameters', () => {
    const decision = resolveLocale(
      request({ pathname: '/en/search', search: '?q=dress&lang=th', cookie: 'en' }),
      exceptDefault,
    )
    expect(decision).toMatchObject({ locale: 'th', redirect: '/search?q=dress', setCookie: true })
    expect(resolveLocale(request({ pathname: '/', search: '?lang=th', cookie: 'en' }), exceptDefault).redirect).toBe(
      '/',
    )
  })

  it('warns about an unknown language in the cookie and falls back', () => {
    const decision = resolveLocale(request({ cookie: 'fr' }), exceptDefault)
    expect(decision.locale).toBe('th')
    expect(decision.warnings.join()).toMatch(/Missing language "fr"/)
  })

  it('writes the cookie only when it differs', () => {
    expect(resolveLocale(request({ pathname: '/en/cart', cookie: 'en' }), exceptDefault).setCookie).toBe(false)
    expect(resolveLocale(request({ pathname: '/en/cart', cookie: null }), exceptDefault).setCookie).toBe(true)
  })
})

describe('resolveLocale: prefix', () => {
  it('always puts the language in the path', () => {
    expect(resolveLocale(request({ pathname: '/cart', acceptLanguage: 'en' }), prefix).redirect).toBe('/en/cart')
    expect(resolveLocale(request({ pathname: '/cart' }), prefix).redirect).toBe('/th/cart')
    expect(resolveLocale(request({ pathname: '/th/cart' }), prefix)).toMatchObject({ locale: 'th', redirect: null })
  })
})

describe('resolveLocale: no_prefix', () => {
  it('takes the language from detection and never from the path', () => {
    expect(resolveLocale(request({ pathname: '/cart', cookie: 'en' }), noPrefix)).toMatchObject({
      locale: 'en',
      redirect: null,
    })
    expect(resolveLocale(request({ pathname: '/en/cart' }), noPrefix)).toMatchObject({
      locale: 'en',
      redirect: '/cart',
    })
    expect(resolveLocale(request({ pathname: '/cart', search: '?lang=en' }), noPrefix).redirect).toBe('/cart')
  })
})

describe('locale domains (§3)', () => {
  const domains = {
    th: { domain: 'shop.co.th' },
    en: { domains: ['shop.com', 'www.shop.com'], domainDefault: true },
  }

  it('lets the host decide the language under no_prefix', () => {
    expect(
      resolveLocale(request({ host: 'shop.com:443', acceptLanguage: 'th' }), { ...noPrefix, domains }).locale,
    ).toBe('en')
    expect(resolveLocale(request({ host: 'shop.co.th', cookie: 'en' }), { ...noPrefix, domains }).locale).toBe('th')
  })

  it('warns when several domains match under no_prefix', () => {
    const both = { th: { domain: 'shop.com' }, en: { domain: 'shop.com', domainDefault: true } }
    const decision = resolveLocale(request({ host: 'shop.com' }), { ...noPrefix, domains: both })
    expect(decision.locale).toBe('en')
    expect(decision.warnings.join()).toMatch(/Several locales match the domain shop.com/)
    expect(localesForHost('shop.com', both)).toEqual(['th', 'en'])
  })

  it('gives each host its own default language with prefixes', () => {
    const settings = {
      ...exceptDefault,
      domains: { ...domains, th: { domain: 'shop.co.th', defaultForDomains: ['shop.co.th'] } },
    }
    expect(defaultLocaleForHost('shop.com', settings)).toBe('en')
    expect(defaultLocaleForHost('shop.co.th', settings)).toBe('th')
    expect(resolveLocale(request({ host: 'shop.com', pathname: '/cart' }), settings).locale).toBe('en')
    expect(resolveLocale(request({ host: 'shop.com', pathname: '/th/cart' }), settings)).toMatchObject({
      locale: 'th',
      redirect: null,
    })
  })
})

describe('localeCookie (§9)', () => {
  it('lasts 365 days on / with SameSite=Lax, Secure only when configured', () => {
    expect(localeCookie('en', false, 31536000)).toBe('i18n_redirected=en; Max-Age=31536000; Path=/; SameSite=Lax')
    expect(localeCookie('th', true, 31536000)).toMatch(/; Secure$/)
  })
})
