import { I18nProvider } from '@lingui/react'
import type { I18n } from '@lingui/core'
import { QueryClient } from '@tanstack/react-query'
import { createRouter } from '@tanstack/react-router'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
import type { ReactNode } from 'react'
import { getBootState } from '~/boot'
import { CHECKOUT_JOURNEY_PATHS, endCheckoutJourney } from '~/checkout/resume'
import type { BootState } from '~/boot-state'
import { ErrorScreen } from '~/components/ErrorScreen'
import { PageSkeleton } from '~/components/page-skeleton'
import { NotFoundScreen } from '~/components/NotFoundScreen'
import { createI18n } from '~/i18n/catalogs'
import { languageRewrite, type PathStrategy } from '~/i18n/paths'
import { stringifySearch } from '~/routing/search-string'
import { routeTree } from './routeTree.gen'

export type RouterContext = {
  queryClient: QueryClient
  i18n: I18n
  boot: BootState
  /** Internal path of the page the shopper is leaving (or came from, on a full page load). */
  previousPath: () => string | null
}

export async function getRouter() {
  const boot = getBootState()
  const i18n = await createI18n(boot.locale)
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: 60_000, retry: 1 } },
  })
  const paths: PathStrategy = { strategy: boot.config.languageStrategy, defaultLocale: boot.defaultLocale }

  const router = createRouter({
    routeTree,
    context: { queryClient, i18n, boot, previousPath: () => boot.refererPath },
    // The language lives in the URL, not in the route tree: strip it on the way in, add it on the way out.
    rewrite: languageRewrite(boot.locale, paths),
    // Search parameters in key order: one URL per page state, for caches and canonical links alike.
    stringifySearch,
    ssr: boot.nonce ? { nonce: boot.nonce } : undefined,
    scrollRestoration: true,
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    // The page's skeleton replaces the old page once a navigation has waited 0.4 s, and then stays at least 0.3 s
    // so that it does not flash; the progress bar has shown since 0.15 s (decision 138).
    defaultPendingComponent: PageSkeleton,
    defaultPendingMs: 400,
    defaultPendingMinMs: 300,
    defaultErrorComponent: ErrorScreen,
    defaultNotFoundComponent: NotFoundScreen,
    Wrap: ({ children }: { children: ReactNode }) => <I18nProvider i18n={i18n}>{children}</I18nProvider>,
  })

  // On the client, the page being left is the router's last resolved location.
  if (typeof window !== 'undefined') {
    router.options.context.previousPath = () => router.state.resolvedLocation?.pathname ?? boot.refererPath
    // Leaving the cart and checkout ends the checkout journey: typing /checkout later is an entry again (§4).
    const leaveJourney = (pathname: string) => {
      if (!CHECKOUT_JOURNEY_PATHS.has(pathname)) endCheckoutJourney(boot.config.secureCookies)
    }
    leaveJourney(router.state.location.pathname)
    router.subscribe('onResolved', ({ toLocation }) => leaveJourney(toLocation.pathname))
  }

  setupRouterSsrQueryIntegration({ router, queryClient })
  return router
}

declare module '@tanstack/react-router' {
  interface Register {
    router: Awaited<ReturnType<typeof getRouter>>
  }
}
