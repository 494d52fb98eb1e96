import type { QueryClient } from '@tanstack/react-query'
import { ReactQueryDevtools } from '@tanstack/react-query-devtools'
import { TanStackRouterDevtools } from '@tanstack/react-router-devtools'

/**
 * TanStack Router and Query devtools for `npm run dev` (decision 035). Only src/routes/__root.tsx imports this
 * module, lazily and behind `import.meta.env.DEV`, so no production bundle holds any of it (scripts/devtools-check.mjs
 * fails the bundle measurement if one does). Their styles are inline `<style>` elements, which the page's CSP allows
 * (style-src 'unsafe-inline'); their code comes from this site through the nonce'd entry ('strict-dynamic').
 */
export default function Devtools({ queryClient }: { queryClient: QueryClient }) {
  return (
    <>
      <TanStackRouterDevtools position="bottom-right" />
      <ReactQueryDevtools client={queryClient} buttonPosition="bottom-left" />
    </>
  )
}
