import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { useEffect } from 'react'
import { track } from '~/analytics/datalayer'
import { z } from 'zod/mini'
import { searchQuery } from '~/catalog/catalog.queries'
import { PageLink } from '~/catalog/components/PageLink'
import { ProductGrid } from '~/catalog/components/ProductCard'
import { SearchBox } from '~/catalog/components/SearchBox'
import { PageHeading } from '~/components/PageHeading'
import { pageParam, textParam } from '~/routing/search-params'
import { pageHead } from '~/seo/page-head'

/** The query is a typed search parameter, so the canonical link keeps it. */
const searchSchema = z.object({ q: textParam(100), page: pageParam() })

export const Route = createFileRoute('/search')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    const { boot } = context
    if (deps.q) {
      await context.queryClient.ensureQueryData(
        searchQuery(deps.q, deps.page ?? 1, boot.locale, boot.region.ISOCurrencyCode),
      )
    }
  },
  head: ({ match }) => pageHead(match.context.i18n, match.search.q ? `${match.search.q}` : msg`Search`),
  component: SearchPage,
})

function SearchPage() {
  const { t } = useLingui()
  const { boot } = Route.useRouteContext()
  const { q, page = 1 } = Route.useSearch()
  const results = useQuery({
    ...searchQuery(q ?? '', page, boot.locale, boot.region.ISOCurrencyCode),
    enabled: q !== undefined,
  })
  useEffect(() => {
    if (q) track('search', { search_term: q })
  }, [q])
  return (
    <>
      <PageHeading lead={q ? <Trans>Results for “{q}”</Trans> : <Trans>What are you looking for?</Trans>}>
        <Trans>Search</Trans>
      </PageHeading>
      <SearchBox initialQuery={q ?? ''} autoFocus={!q} />
      {q === undefined ? null : results.isPending ? (
        <p role="status" aria-busy="true">
          <Trans>Searching…</Trans>
        </p>
      ) : results.isError ? (
        <p role="alert">
          <Trans>SOMETHING WRONG! PLEASE TRY AGAIN</Trans>
        </p>
      ) : results.data.items.length === 0 ? (
        <p className="empty-state" role="status">
          <Trans>NO PRODUCT FOUND</Trans>
        </p>
      ) : (
        <section aria-label={t`Results`}>
          <p className="listing__count" aria-live="polite">
            <Trans>{results.data.total} products</Trans>
          </p>
          <ProductGrid products={results.data.items} priorityFirst />
          {results.data.totalPages > 1 ? (
            <nav className="pagination" aria-label={t`Pages`}>
              <PageLink page={page > 1 ? page - 1 : null} rel="prev">
                {t`Previous`}
              </PageLink>
              <span aria-current="page">
                <Trans>
                  Page {page} of {results.data.totalPages}
                </Trans>
              </span>
              <PageLink page={page < results.data.totalPages ? page + 1 : null} rel="next">
                {t`Next`}
              </PageLink>
            </nav>
          ) : null}
        </section>
      )}
    </>
  )
}
