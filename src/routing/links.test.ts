import { setupI18n } from '@lingui/core'
import { QueryClient } from '@tanstack/react-query'
import { createRouter } from '@tanstack/react-router'
import { describe, expect, it } from 'vitest'
import type { LanguageStrategy } from '~/config/constants'
import type { BootState } from '~/boot-state'
import { testBootState } from '~/boot-state.fixture'
import { LOCALE_CODES, type LocaleCode } from '~/i18n/locales'
import { languageRewrite } from '~/i18n/paths'
import { routeTree } from '~/routeTree.gen'
import { routePath, routeUrl, type LinkLanguage, type RouteTarget } from './links'
import { locationPath, locationUrl } from './location-links'
import { stringifySearch } from './search-string'

/**
 * Every route of spec §2 as a typed link, with the internal path (no language) the shop must write for it: the
 * expected strings are written out by hand, not computed by the helper under test.
 */
const SPEC_ROUTES: Array<[RouteTarget, string]> = [
  [{ to: '/' }, '/'],
  [{ to: '/about-us' }, '/about-us'],
  [{ to: '/account' }, '/account'],
  [{ to: '/account', search: { changed: 'email' } }, '/account?changed=email'],
  [{ to: '/account/login' }, '/account/login'],
  [
    { to: '/account/login', search: { redirect: '/order/AS2611-00042', wish: 'linen-shirt' } },
    '/account/login?redirect=%2Forder%2FAS2611-00042&wish=linen-shirt',
  ],
  [{ to: '/account/register' }, '/account/register'],
  [{ to: '/account/confirm-otp' }, '/account/confirm-otp'],
  [{ to: '/account/more-address' }, '/account/more-address'],
  [{ to: '/account/order-history' }, '/account/order-history'],
  [{ to: '/account/order-history', search: { page: 3 } }, '/account/order-history?page=3'],
  [{ to: '/account/promotion-code' }, '/account/promotion-code'],
  [{ to: '/cart' }, '/cart'],
  [{ to: '/checkout' }, '/checkout'],
  [{ to: '/category' }, '/category'],
  [{ to: '/category/$name', params: { name: 'tops' } }, '/category/tops'],
  // Search keys sorted, whatever order the link wrote them in; undefined left out.
  [
    {
      to: '/category/$name',
      params: { name: 'tops' },
      search: { tag: 'new', page: 2, gender: 'women', size: undefined },
    },
    '/category/tops?gender=women&page=2&tag=new',
  ],
  // Parameters are encoded: a space, a slash and Thai letters never change the route.
  [
    { to: '/category/$name', params: { name: 'เสื้อ ผ้า/ใหม่' } },
    '/category/%E0%B9%80%E0%B8%AA%E0%B8%B7%E0%B9%89%E0%B8%AD%20%E0%B8%9C%E0%B9%89%E0%B8%B2%2F%E0%B9%83%E0%B8%AB%E0%B8%A1%E0%B9%88',
  ],
  // What the router leaves bare after its decode and the URL's encode, and what it keeps encoded.
  [{ to: '/category/$name', params: { name: 'a[b]|c^d' } }, '/category/a[b]|c%5Ed'],
  [{ to: '/category/$name', params: { name: '50%\\"<x>`{}' } }, '/category/50%25%5C%22%3Cx%3E%60%7B%7D'],
  [{ to: '/collection' }, '/collection'],
  [{ to: '/collection/$name', params: { name: 'songkran' } }, '/collection/songkran'],
  [{ to: '/collection/$name/$sub', params: { name: 'songkran', sub: 'linen' } }, '/collection/songkran/linen'],
  [
    { to: '/collection/$name/$sub', params: { name: 'a?b', sub: 'c#d' }, search: { sort: 'price_asc' } },
    '/collection/a%3Fb/c%23d?sort=price_asc',
  ],
  [{ to: '/editorials' }, '/editorials'],
  [{ to: '/editorials/$name', params: { name: 'rainy-season' } }, '/editorials/rainy-season'],
  [{ to: '/product' }, '/product'],
  [{ to: '/product', search: { tag: 'mix_match' } }, '/product?tag=mix_match'],
  [{ to: '/product/$id', params: { id: 'linen-shirt' } }, '/product/linen-shirt'],
  // A size that reads as a number is written as JSON, as the router writes it (and reads it back as "39").
  [
    { to: '/product/$id', params: { id: 'loafer' }, search: { size: '39', color: 'black' } },
    '/product/loafer?color=black&size=%2239%22',
  ],
  [{ to: '/search' }, '/search'],
  [
    { to: '/search', search: { q: 'ผ้าไหม & linen', page: 2 } },
    '/search?page=2&q=%E0%B8%9C%E0%B9%89%E0%B8%B2%E0%B9%84%E0%B8%AB%E0%B8%A1+%26+linen',
  ],
  [{ to: '/scan' }, '/scan'],
  [{ to: '/wishlist' }, '/wishlist'],
  [{ to: '/stores' }, '/stores'],
  [{ to: '/stores', hash: 'store-siam' }, '/stores#store-siam'],
  [{ to: '/stores', search: { product: 'linen-shirt', size: 'M' } }, '/stores?product=linen-shirt&size=M'],
  [{ to: '/delivery' }, '/delivery'],
  [{ to: '/privacy-policy' }, '/privacy-policy'],
  [{ to: '/terms-and-conditions' }, '/terms-and-conditions'],
  [{ to: '/quick-pass' }, '/quick-pass'],
  // Not in §2's table but linked from outside React: the order page, its tax invoice and the catch-all's pages.
  [{ to: '/order/$number', params: { number: 'AS2611-00042' } }, '/order/AS2611-00042'],
  [{ to: '/order/$number/tax-invoice', params: { number: 'AS2611-00042' } }, '/order/AS2611-00042/tax-invoice'],
  [{ to: '/$', params: { _splat: 'careers' } }, '/careers'],
  // A splat keeps its slashes and encodes the rest.
  [{ to: '/$', params: { _splat: 'info/size guide' } }, '/info/size%20guide'],
]

/** What each strategy puts before an internal path, per language, with Thai as the default. */
const PREFIXES: Record<LanguageStrategy, Record<LocaleCode, string>> = {
  prefix_except_default: { th: '', en: '/en' },
  prefix: { th: '/th', en: '/en' },
  no_prefix: { th: '', en: '' },
}
const STRATEGIES = Object.keys(PREFIXES) as LanguageStrategy[]

const publicPath = (internal: string, prefix: string) =>
  prefix && (internal === '/' || internal.startsWith('/?') || internal.startsWith('/#'))
    ? `${prefix}${internal.slice(1)}`
    : `${prefix}${internal}`

describe('routePath and routeUrl', () => {
  for (const strategy of STRATEGIES) {
    for (const lang of LOCALE_CODES) {
      const language: LinkLanguage = { lang, strategy, defaultLocale: 'th' }
      const prefix = PREFIXES[strategy][lang]

      it(`write every §2 route in ${lang} under ${strategy}, relative and absolute`, () => {
        for (const [target, internal] of SPEC_ROUTES) {
          expect(routePath(target, language), JSON.stringify(target)).toBe(publicPath(internal, prefix))
          expect(routeUrl(target, { ...language, siteUrl: 'https://shop.example' })).toBe(
            `https://shop.example${publicPath(internal, prefix)}`,
          )
        }
      })
    }
  }

  it('follow the default language: with English as the default, Thai carries the prefix', () => {
    const language = { strategy: 'prefix_except_default', defaultLocale: 'en' } as const
    expect(routePath({ to: '/cart' }, { ...language, lang: 'en' })).toBe('/cart')
    expect(routePath({ to: '/cart' }, { ...language, lang: 'th' })).toBe('/th/cart')
    expect(routePath({ to: '/' }, { ...language, lang: 'th' })).toBe('/th')
  })

  it('take a site URL with or without its trailing slash', () => {
    const site = { lang: 'en', strategy: 'prefix_except_default', defaultLocale: 'th' } as const
    expect(routeUrl({ to: '/' }, { ...site, siteUrl: 'https://shop.example/' })).toBe('https://shop.example/en')
    expect(routeUrl({ to: '/cart' }, { ...site, siteUrl: 'https://shop.example' })).toBe('https://shop.example/en/cart')
  })
})

/** The page's boot state, which the router's context carries (building a location reads none of it). */
const boot = (locale: LocaleCode, languageStrategy: LanguageStrategy): BootState =>
  testBootState({ locale }, { siteUrl: 'https://shop.example', languageStrategy })

/** The app's own router options: the route tree, the language rewrite and the sorted search (src/router.tsx). */
const appRouter = (lang: LocaleCode, strategy: LanguageStrategy) =>
  createRouter({
    routeTree,
    context: {
      queryClient: new QueryClient(),
      i18n: setupI18n(),
      boot: boot(lang, strategy),
      previousPath: () => null,
    },
    rewrite: languageRewrite(lang, { strategy, defaultLocale: 'th' }),
    stringifySearch,
  })

describe('parity with the router', () => {
  for (const strategy of STRATEGIES) {
    for (const lang of LOCALE_CODES) {
      it(`writes what <Link> writes, in ${lang} under ${strategy}`, () => {
        const paths = { strategy, defaultLocale: 'th' } as const
        const router = appRouter(lang, strategy)
        for (const [target] of SPEC_ROUTES) {
          expect(routePath(target, { ...paths, lang }), JSON.stringify(target)).toBe(
            router.buildLocation(target).publicHref,
          )
        }
      })
    }
  }
})

describe('locationPath and locationUrl (canonical, hreflang, language switch)', () => {
  const site = { siteUrl: 'https://shop.example.com/', strategy: 'prefix_except_default', defaultLocale: 'th' } as const

  it('write the page on screen in a language, index routes without their trailing slash', () => {
    expect(locationUrl({ pathname: '/about-us', search: {} }, { ...site, lang: 'en' })).toBe(
      'https://shop.example.com/en/about-us',
    )
    expect(locationUrl({ pathname: '/product/', search: {} }, { ...site, lang: 'th' })).toBe(
      'https://shop.example.com/product',
    )
    expect(locationPath({ pathname: '/', search: {} }, { ...site, lang: 'en' })).toBe('/en')
  })

  it('keep the validated parameters in the router’s order and form, undefined left out', () => {
    expect(
      locationUrl(
        { pathname: '/category/dresses', search: { sort: 'price_asc', page: 2, size: 'M', tag: undefined } },
        { ...site, lang: 'th' },
      ),
    ).toBe('https://shop.example.com/category/dresses?page=2&size=M&sort=price_asc')
    expect(locationPath({ pathname: '/search', search: { q: 'เดรส & co' } }, { ...site, lang: 'th' })).toBe(
      '/search?q=%E0%B9%80%E0%B8%94%E0%B8%A3%E0%B8%AA+%26+co',
    )
  })

  it('are what the router writes for the same page', () => {
    for (const strategy of STRATEGIES) {
      const paths = { strategy, defaultLocale: 'th' } as const
      const router = appRouter('en', strategy)
      const built = router.buildLocation({ to: '/product/$id', params: { id: 'loafer' }, search: { size: '39' } })
      expect(locationPath({ pathname: built.pathname, search: built.search }, { ...paths, lang: 'en' })).toBe(
        built.publicHref,
      )
    }
  })
})
