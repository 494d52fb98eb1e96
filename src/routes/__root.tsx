/// <reference types="vite/client" />
import { msg } from '@lingui/core/macro'
import {
  ClientOnly,
  createRootRouteWithContext,
  HeadContent,
  Outlet,
  Scripts,
  useMatches,
  useRouteContext,
} from '@tanstack/react-router'
import { lazy, Suspense, useEffect, type ReactNode } from 'react'
import { BOOT_ELEMENT_ID, serializeBootState } from '~/boot-state'
import { sessionQuery } from '~/account/session.functions'
import { ConsentGate } from '~/consent/ConsentGate'
import { cartQuery } from '~/cart/cart.functions'
import { BRAND_NAME } from '~/brand'
import { onFirstInteraction } from '~/build/idle'
import { useBuildUpdates } from '~/build/use-build-updates'
import { PageSkeleton } from '~/components/page-skeleton'
import { CheckoutLayout, DefaultLayout, type LayoutName } from '~/components/layouts'
import { NavigationProgress } from '~/components/NavigationProgress'
import { LOCALE_CODES, LOCALES, type LocaleCode } from '~/i18n/locales'
import { LiffBoot } from '~/line/components/LiffBoot'
import type { RouterContext } from '~/router'
import { bootSite, locationUrl } from '~/routing/location-links'
import { SHARE_IMAGE, shareImageMeta, shareTextMeta } from '~/seo/share'
import { APPLE_TOUCH_ICON, manifestHref, THEME_COLOR } from '~/pwa/links'
import { rendersFromNobodysData } from '~/routing/shared-render'
import appCss from '~/styles/app.css?url'

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** A page may name another layout than the default (§2). */
    layout?: LayoutName
  }
}

/**
 * TanStack Router and Query devtools in `npm run dev` only (decision 035): a production build replaces
 * `import.meta.env.DEV` with false and drops the import with it (scripts/devtools-check.mjs checks every file).
 */
const Devtools = import.meta.env.DEV ? lazy(() => import('~/components/Devtools')) : null

const GTAG_SNIPPET = 'window.dataLayer=window.dataLayer||[];window.gtag=function(){window.dataLayer.push(arguments)};'

export const Route = createRootRouteWithContext<RouterContext>()({
  // The header shows the account of a member (or the login of a guest) and the cart's count; a failed
  // lookup reads as a guest with an empty cart rather than failing the page. A shared page (the catalog, search,
  // information; decision 027) is rendered from nobody's data on the server: the browser asks for these.
  loader: async ({ context, location }) => {
    const { boot, queryClient } = context
    if (rendersFromNobodysData(location.pathname)) return
    await Promise.all([
      queryClient.ensureQueryData(sessionQuery()).catch(() => null),
      queryClient.ensureQueryData(cartQuery(boot.locale, boot.region.ISOCurrencyCode)).catch(() => null),
    ])
  },
  head: ({ match, matches }) => {
    const { boot, i18n } = match.context
    const leaf = matches.at(-1) ?? match
    // The whitelist is what the route schemas validated (`search` also keeps unknown parameters).
    const page = { pathname: leaf.pathname, search: leaf._strictSearch }
    const canonical = locationUrl(page, bootSite(boot))
    const alternates =
      boot.config.languageStrategy === 'no_prefix'
        ? []
        : [
            ...LOCALE_CODES.map((code) => ({
              rel: 'alternate',
              hrefLang: code,
              href: locationUrl(page, bootSite(boot, code)),
            })),
            {
              rel: 'alternate',
              hrefLang: 'x-default',
              href: locationUrl(page, bootSite(boot, boot.defaultLocale)),
            },
          ]
    // Sharing (Open Graph, Twitter cards): defaults that a page's head() replaces tag by tag. Nothing personal: the
    // page is shared (decision 027).
    const ogLocale = (code: LocaleCode) => LOCALES[code].iso.replace('-', '_')
    return {
      meta: [
        { charSet: 'utf-8' },
        { name: 'viewport', content: 'width=device-width, initial-scale=1, viewport-fit=cover' },
        { title: BRAND_NAME },
        ...shareTextMeta(BRAND_NAME, i18n._(msg`Clothing, bags, shoes, accessories and jewelry from Bangkok.`)),
        { name: 'theme-color', content: THEME_COLOR },
        { property: 'og:site_name', content: BRAND_NAME },
        { property: 'og:type', content: 'website' },
        { property: 'og:url', content: canonical },
        { property: 'og:locale', content: ogLocale(boot.locale) },
        ...LOCALE_CODES.filter((code) => code !== boot.locale).map((code) => ({
          property: 'og:locale:alternate',
          content: ogLocale(code),
        })),
        ...shareImageMeta({
          url: `${boot.config.siteUrl}${SHARE_IMAGE.path}`,
          alt: i18n._(msg`${BRAND_NAME}: clothing, bags, shoes, accessories and jewelry from Bangkok`),
          width: SHARE_IMAGE.width,
          height: SHARE_IMAGE.height,
          type: SHARE_IMAGE.type,
        }),
        { name: 'twitter:card', content: 'summary_large_image' },
      ],
      links: [
        { rel: 'stylesheet', href: appCss },
        { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
        // Installable (decision 032): the manifest of the page's language, and the icon iOS puts on a home screen.
        { rel: 'manifest', href: manifestHref(boot.locale) },
        { rel: 'apple-touch-icon', href: APPLE_TOUCH_ICON },
        { rel: 'canonical', href: canonical },
        ...alternates,
      ],
    }
  },
  component: RootComponent,
  shellComponent: RootDocument,
  // The pages' skeleton is the default pending component, which would wrap the whole shell in a Suspense boundary:
  // the root is never pending, and the cookie banner hydrates without one (src/consent/ConsentGate.tsx).
  wrapInSuspense: false,
})

function RootDocument({ children }: { children: ReactNode }) {
  const { boot } = Route.useRouteContext()
  return (
    <html lang={boot.locale} dir="ltr">
      <head>
        <HeadContent />
        {boot.config.gtmId ? (
          // Google's gtag queue: it must push the arguments object itself, so it is the standard snippet.
          <script nonce={boot.nonce ?? undefined} dangerouslySetInnerHTML={{ __html: GTAG_SNIPPET }} />
        ) : null}
      </head>
      <body>
        {children}
        <script
          id={BOOT_ELEMENT_ID}
          type="application/json"
          dangerouslySetInnerHTML={{ __html: serializeBootState(boot) }}
        />
        <Scripts />
      </body>
    </html>
  )
}

function RootComponent() {
  const { boot, queryClient } = useRouteContext({ from: '__root__' })
  useBuildUpdates(boot.buildId)
  useEffect(() => {
    // Lets tests and monitoring know that React owns the page.
    document.documentElement.dataset.hydrated = 'true'
    // The pages' skeleton, before a navigation needs it (decision 163): at the first touch, click, key or pointer on
    // the page, which comes before any navigation by the shopper (issue 29, item 24).
    return onFirstInteraction(() => void PageSkeleton.preload?.())
  }, [])
  const layout = useMatches({ select: (matches) => matches.at(-1)?.staticData.layout ?? 'default' })
  const Layout = layout === 'checkout' ? CheckoutLayout : DefaultLayout
  return (
    <>
      <NavigationProgress />
      <Layout>
        {/* Above the content, in its flow: the banner covers nothing (issue 16). */}
        <ConsentGate />
        <Outlet />
        <LiffBoot />
      </Layout>
      {Devtools ? (
        <ClientOnly>
          <Suspense fallback={null}>
            <Devtools queryClient={queryClient} />
          </Suspense>
        </ClientOnly>
      ) : null}
    </>
  )
}
