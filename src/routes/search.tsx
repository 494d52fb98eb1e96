import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { useEffect } from 'react'
import { track } from '~/analytics/datalayer'
import { searchQuery } from '~/catalog/catalog.queries'
import { PageLink } from '~/catalog/components/PageLink'
import { ProductGrid } from '~/catalog/components/ProductCard'
import type { ProductSummary } from '~/catalog/types'
import { SearchBox } from '~/catalog/components/SearchBox'
import { PageHeading } from '~/components/PageHeading'
import { pageParam, searchParams, textParam } from '~/routing/search-params'
import { pageHead } from '~/seo/page-head'

/** The query is a typed search parameter, so the canonical link keeps it. */
const searchSchema = searchParams({ q: textParam(100), page: pageParam() })

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
  const { t, i18n } = useLingui()
  const { boot } = Route.useRouteContext()
  const { q, page = 1 } = Route.useSearch()
  const results = useQuery({
    ...searchQuery(q ?? '', page, boot.locale, boot.region.ISOCurrencyCode),
    enabled: q !== undefined,
  })
  /** Past the count's cap (1,000), the total is "at least": 1,000+ products. */
  const atLeast = results.data ? i18n.number(results.data.total) : ''
  const total = results.data?.total ?? 0
  const totalPages = results.data?.totalPages ?? 0
  const suggestion = results.data?.didYouMean
  useEffect(() => {
    if (q) track('search', { search_term: q })
  }, [q])
  return (
    <>
      <PageHeading lead={q ? <Trans>Results for “{q}”</Trans> : <Trans>What are you looking for?</Trans>}>
        <Trans>Search</Trans>
      </PageHeading>
      <SearchBox key={q ?? ''} initialQuery={q ?? ''} autoFocus={!q} />
      {suggestion ? (
        <p className="search-suggest">
          <Trans>
            Did you mean{' '}
            <Link to="/search" search={{ q: suggestion }}>
              {suggestion}
            </Link>
            ?
          </Trans>
        </p>
      ) : null}
      {q === undefined ? null : results.isPending ? (
        <p role="status" aria-busy="true">
          <Trans>Searching…</Trans>
        </p>
      ) : results.isError ? (
        <p role="alert">
          <Trans>SOMETHING WRONG! PLEASE TRY AGAIN</Trans>
        </p>
      ) : results.data.items.length === 0 ? (
        <>
          <p className="empty-state" role="status">
            <Trans>NO PRODUCT FOUND</Trans>
          </p>
          {results.data.alternatives ? (
            <section className="search-alternatives" aria-labelledby="search-alternatives">
              <h2 id="search-alternatives">
                <Trans>Browse instead</Trans>
              </h2>
              <ul aria-label={t`Categories`}>
                {results.data.alternatives.categories.map((category) => (
                  <li key={category.slug}>
                    <Link className="button" to="/category/$name" params={{ name: category.slug }}>
                      {category.name}
                    </Link>
                  </li>
                ))}
              </ul>
              <h2>
                <Trans>New arrivals</Trans>
              </h2>
              <ProductGrid products={results.data.alternatives.products} />
            </section>
          ) : null}
        </>
      ) : (
        <section aria-label={t`Results`}>
          {/* The count heads the results (as on the listings), so the cards' h3 names follow an h2. */}
          <h2 className="listing__count" aria-live="polite">
            {results.data.totalIsLowerBound ? <Trans>{atLeast}+ products</Trans> : <Trans>{total} products</Trans>}
          </h2>
          <SearchResults
            items={results.data.items}
            weakFrom={results.data.weakFrom}
            offset={(page - 1) * results.data.pageSize}
          />
          {results.data.totalPages > 1 ? (
            <nav className="pagination" aria-label={t`Pages`}>
              <PageLink page={page > 1 ? page - 1 : null} rel="prev">
                {t`Previous`}
              </PageLink>
              <span aria-current="page">
                <Trans>
                  Page {page} of {totalPages}
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

/**
 * The page's cards: what the query asked for, then, after a divider (a heading, so it is announced and can be jumped
 * to), the weaker matches (issue 29, item 17). `weakFrom` counts from the first card of the whole result.
 */
function SearchResults({
  items,
  weakFrom,
  offset,
}: {
  items: ProductSummary[]
  weakFrom: number | null
  offset: number
}) {
  const split = weakFrom === null ? items.length : Math.min(Math.max(weakFrom - offset, 0), items.length)
  const close = items.slice(0, split)
  const weak = items.slice(split)
  return (
    <>
      {close.length > 0 ? (
        <div className="search-results__close">
          <ProductGrid products={close} priorityFirst />
        </div>
      ) : null}
      {weak.length > 0 ? (
        <>
          <h2 className="search-results__divider">
            <Trans>Partly matching your search</Trans>
          </h2>
          <div className="search-results__weak">
            <ProductGrid products={weak} priorityFirst={close.length === 0} />
          </div>
        </>
      ) : null}
    </>
  )
}
