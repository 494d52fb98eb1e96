import { RuleTester } from 'eslint'
import { parser } from 'typescript-eslint'
import { describe, expect, it } from 'vitest'
import { noInternalPathStrings, pageSegments } from '../../eslint-rules/no-internal-path-strings.js'

/**
 * The lint rule of decision 145: string paths to the shop's pages are refused in storefront code, typed ones are not.
 * `npm run lint` runs it on src (eslint.config.js); here it is tried on code that breaks it and code that does not.
 */
RuleTester.describe = describe
RuleTester.it = it

const tester = new RuleTester({
  languageOptions: { parser, ecmaVersion: 2023, sourceType: 'module', parserOptions: { ecmaFeatures: { jsx: true } } },
})

describe('the pages the rule knows', () => {
  it('are the first segments of the route tree, without machine routes', () => {
    const segments = pageSegments()
    for (const page of ['product', 'order', 'account', 'cart', 'checkout', 'category', 'collection', 'search']) {
      expect(segments.has(page), page).toBe(true)
    }
    for (const machine of ['api', 'images', 'sitemap.xml', 'robots.txt', 'manifest.webmanifest', '$']) {
      expect(segments.has(machine), machine).toBe(false)
    }
  })
})

const options = [{ segments: ['product', 'order', 'account', 'cart', 'checkout', 'search', 'terms-and-conditions'] }]
const valid = (code: string) => ({ code, options, filename: 'src/example.tsx' })
const invalid = (code: string, errors = 1) => ({
  code,
  options,
  filename: 'src/example.tsx',
  errors: Array.from({ length: errors }, () => ({ messageId: 'path' })),
})

tester.run('no-internal-path-strings', noInternalPathStrings, {
  valid: [
    // Typed by the router: Link and navigate targets, redirects, route files and route ids.
    valid(`const a = <Link to="/cart">Cart</Link>`),
    valid(`const a = <Link to={'/order/$number'} params={{ number }} />`),
    valid(`navigate({ to: '/checkout', search: { step: 1 } })`),
    valid(`throw redirect({ to: '/account', replace: true })`),
    valid(`export const Route = createFileRoute('/product/$id')({})`),
    valid(`const url = routeUrl({ to: '/order/$number', params: { number } }, site)`),
    valid(`if (routeId === '/product/') skeleton()`),
    valid(`if (match.routeId.startsWith('/account/')) skeleton()`),
    valid(`const LISTINGS = new Set<RouteId>(['/search', '/product/'])`),
    valid(`const PRIVATE: RouteTarget[] = [{ to: '/account' }]`),
    valid(`const home = { to: '/cart' } satisfies RouteTarget`),
    // The product API's own paths are not pages.
    valid("productApi().get('/cart', cartSchema)"),
    valid("productApi().send('POST', `/orders/${number}/pay`, schema)"),
    // Not the shop's pages: other segments, the API, images, external URLs, fragments.
    valid(`const api = '/api/public/demo'`),
    valid(`const image = '/images/products/a.jpg'`),
    valid(`const style = '/favicon.svg'`),
    valid(`const page = 'https://line.me/R/ti/p/@shop'`),
    valid(`const anchor = '#main'`),
    valid(`const word = 'cart'`),
    valid(`const other = '/cartography'`),
  ],
  invalid: [
    invalid(`const a = <a href="/cart">Cart</a>`),
    invalid(`const a = <form action="/search" />`),
    invalid(`window.location.assign('/checkout')`),
    invalid('const page = `/order/${number}`'),
    invalid('const page = `${siteUrl}/order/${encodeURIComponent(number)}`'),
    invalid('const license = `${siteUrl}/terms-and-conditions`'),
    invalid(`const back = { redirect: '/cart' }`),
    invalid(`const paths = ['/account', '/checkout']`, 2),
    invalid(`const login = '/account/login?line=failed'`),
    invalid(`if (pathname === '/checkout') resume()`),
    invalid(`const crumb = { name, path: '/product' }`),
  ],
})
