import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate, useRouteContext } from '@tanstack/react-router'
import { useId, useState, type FormEvent } from 'react'
import { majorUnits, useTrackOnce } from '~/analytics/datalayer'
import type { ListingSearch } from '~/catalog/listing-search'
import { LISTING_SORTS } from '~/catalog/listing-search'
import type { ProductPage } from '~/catalog/types'
import { formatMoney } from '~/domain/money'
import { useLocale } from '~/i18n/use-locale'
import { itemListJsonLd } from '~/seo/json-ld'
import { PageLink } from './PageLink'
import { ProductGrid } from './ProductCard'

export type ListingChange = Partial<ListingSearch>

/**
 * A product listing (with its ItemList structured data) and its filters (size, colour, price range, availability), sort and pages of
 * 25 (§2, §9). Every control is a search parameter of the route, so the URL is the state.
 */
export function ProductListing({ page, search }: { page: ProductPage; search: ListingSearch }) {
  const { t } = useLingui()
  const locale = useLocale()
  const { boot } = useRouteContext({ from: '__root__' })
  const navigate = useNavigate()
  const listed = page.items.map((item) => item.id).join(',')
  useTrackOnce(listed || null, 'view_item_list', () => ({
    ecommerce: {
      items: page.items.map((item, index) => ({
        item_id: item.id,
        item_name: item.name,
        price: majorUnits(item.price.amount),
        index,
      })),
    },
  }))
  // A changed filter starts again at page 1; the list stays where the shopper is looking.
  const onChange = (change: ListingChange) =>
    void navigate({ to: '.', search: (prev) => ({ ...prev, page: undefined, ...change }), resetScroll: false })
  const id = useId()
  const sortLabels: Record<(typeof LISTING_SORTS)[number], string> = {
    newest: t`Newest`,
    price_asc: t`Price: low to high`,
    price_desc: t`Price: high to low`,
  }
  const [min, setMin] = useState(search.min === undefined ? '' : String(search.min))
  const [max, setMax] = useState(search.max === undefined ? '' : String(search.max))
  const currency = page.facets.price?.currency ?? 'thb'
  const applyPrice = (event: FormEvent) => {
    event.preventDefault()
    const toNumber = (text: string) => (/^\d{1,7}$/.test(text.trim()) ? Number(text.trim()) : undefined)
    onChange({ min: toNumber(min), max: toNumber(max) })
  }
  const filtered =
    search.size !== undefined ||
    search.color !== undefined ||
    search.min !== undefined ||
    search.max !== undefined ||
    search.available !== undefined

  return (
    <section className="listing" aria-labelledby={`${id}-count`}>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: itemListJsonLd(page.items, boot) }} />
      <div className="filters" role="search" aria-label={t`Filters`}>
        <label className="field field--inline">
          <span>{t`Size`}</span>
          <select value={search.size ?? ''} onChange={(event) => onChange({ size: event.target.value || undefined })}>
            <option value="">{t`All sizes`}</option>
            {page.facets.sizes.map((size) => (
              <option key={size.value} value={size.value}>
                {size.value === 'OS' ? t`One size` : size.value} ({size.count})
              </option>
            ))}
          </select>
        </label>
        <label className="field field--inline">
          <span>{t`Colour`}</span>
          <select value={search.color ?? ''} onChange={(event) => onChange({ color: event.target.value || undefined })}>
            <option value="">{t`All colours`}</option>
            {page.facets.colors.map((color) => (
              <option key={color.slug} value={color.slug}>
                {color.name} ({color.count})
              </option>
            ))}
          </select>
        </label>
        <form className="price-filter" onSubmit={applyPrice} aria-label={t`Price range`}>
          <label className="field field--inline">
            <span>{t`Min price`}</span>
            <input
              inputMode="numeric"
              pattern="[0-9]*"
              value={min}
              onChange={(event) => setMin(event.target.value)}
              onBlur={applyPrice}
              placeholder={page.facets.price ? formatMoney(page.facets.price.min, currency, locale) : ''}
              size={8}
            />
          </label>
          <label className="field field--inline">
            <span>{t`Max price`}</span>
            <input
              inputMode="numeric"
              pattern="[0-9]*"
              value={max}
              onChange={(event) => setMax(event.target.value)}
              onBlur={applyPrice}
              placeholder={page.facets.price ? formatMoney(page.facets.price.max, currency, locale) : ''}
              size={8}
            />
          </label>
          <button type="submit" className="visually-hidden">{t`Apply price range`}</button>
        </form>
        <label className="field field--check">
          <input
            type="checkbox"
            checked={search.available === true}
            onChange={(event) => onChange({ available: event.target.checked ? true : undefined })}
          />
          <span>{t`In stock online`}</span>
        </label>
        <label className="field field--inline">
          <span>{t`Sort by`}</span>
          <select
            value={search.sort ?? 'newest'}
            onChange={(event) => {
              const value = LISTING_SORTS.find((sort) => sort === event.target.value)
              onChange({ sort: value === 'newest' ? undefined : value })
            }}
          >
            {LISTING_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {sortLabels[sort]}
              </option>
            ))}
          </select>
        </label>
        {filtered ? (
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setMin('')
              setMax('')
              onChange({ size: undefined, color: undefined, min: undefined, max: undefined, available: undefined })
            }}
          >
            {t`Clear filters`}
          </button>
        ) : null}
      </div>

      {/* The count heads the grid, so the product names (h3) sit under a level-2 heading. */}
      <h2 id={`${id}-count`} className="listing__count" aria-live="polite">
        <Trans>{page.total} products</Trans>
      </h2>

      {page.items.length === 0 ? (
        <p className="empty-state" role="status">
          <Trans>NO PRODUCT FOUND</Trans>
        </p>
      ) : (
        <ProductGrid products={page.items} priorityFirst />
      )}

      {page.totalPages > 1 ? (
        <nav className="pagination" aria-label={t`Pages`}>
          <PageLink page={page.page > 1 ? page.page - 1 : null} rel="prev">
            {t`Previous`}
          </PageLink>
          <span aria-current="page">
            <Trans>
              Page {page.page} of {page.totalPages}
            </Trans>
          </span>
          <PageLink page={page.page < page.totalPages ? page.page + 1 : null} rel="next">
            {t`Next`}
          </PageLink>
        </nav>
      ) : null}
    </section>
  )
}
