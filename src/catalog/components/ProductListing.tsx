import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate, useRouteContext } from '@tanstack/react-router'
import { useId, useState, type FormEvent } from 'react'
import { majorUnits, useTrackOnce } from '~/analytics/datalayer'
import type { ListingSearch } from '~/catalog/listing-search'
import { LISTING_SORTS } from '~/catalog/listing-search'
import type { ProductPage } from '~/catalog/types'
import { CloseIcon, FilterIcon } from '~/components/icons'
import { Modal } from '~/components/Modal'
import { formatMoney } from '~/domain/money'
import { useLocale } from '~/i18n/use-locale'
import { itemListJsonLd } from '~/seo/json-ld'
import { StructuredData } from '~/seo/StructuredData'
import { Pagination } from './PageLink'
import { ProductGrid } from './ProductCard'

export type ListingChange = Partial<ListingSearch>

type FilterKey = 'size' | 'color' | 'price' | 'available'
const CLEARED: ListingChange = {
  size: undefined,
  color: undefined,
  min: undefined,
  max: undefined,
  available: undefined,
}

/** A price as typed: whole units, up to seven digits; anything else is no bound. */
function priceBound(text: string): number | undefined {
  return /^\d{1,7}$/.test(text.trim()) ? Number(text.trim()) : undefined
}

/**
 * A product listing (with its ItemList structured data), its filters (size, colour, price range, availability),
 * sort and numbered pages of 25 (§7, §9). Every control is a search parameter of the route, so the URL is the state.
 * On a phone the filters sit in a sheet behind one button and the active ones show as chips, so the first products
 * are on the first screen; on a wide screen they stand above the grid.
 */
export function ProductListing({ page, search }: { page: ProductPage; search: ListingSearch }) {
  const { t } = useLingui()
  const locale = useLocale()
  const { boot } = useRouteContext({ from: '__root__' })
  const navigate = useNavigate()
  const [sheetOpen, setSheetOpen] = useState(false)
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
  const currency = page.facets.price?.currency ?? 'thb'
  const money = (units: number) => formatMoney(units * 100, currency, locale)

  const chips: Array<{ key: FilterKey; label: string; clear: ListingChange }> = []
  if (search.size !== undefined) {
    const size = search.size
    chips.push({
      key: 'size',
      label: size === 'OS' ? t`One size` : t`Size ${size}`,
      clear: { size: undefined },
    })
  }
  if (search.color !== undefined) {
    const name = page.facets.colors.find((color) => color.slug === search.color)?.name ?? search.color
    chips.push({ key: 'color', label: name, clear: { color: undefined } })
  }
  if (search.min !== undefined || search.max !== undefined) {
    const from = search.min !== undefined ? money(search.min) : null
    const to = search.max !== undefined ? money(search.max) : null
    const upTo = to ?? ''
    chips.push({
      key: 'price',
      label: from && to ? `${from} – ${to}` : from ? t`From ${from}` : t`Up to ${upTo}`,
      clear: { min: undefined, max: undefined },
    })
  }
  if (search.available) chips.push({ key: 'available', label: t`In stock online`, clear: { available: undefined } })
  const activeFilters = chips.length
  const total = page.total

  const sort = (
    <label className="field field--inline listing__sort">
      <span>{t`Sort by`}</span>
      <select
        value={search.sort ?? 'newest'}
        onChange={(event) => {
          const value = LISTING_SORTS.find((option) => option === event.target.value)
          onChange({ sort: value === 'newest' ? undefined : value })
        }}
      >
        {LISTING_SORTS.map((option) => (
          <option key={option} value={option}>
            {sortLabels[option]}
          </option>
        ))}
      </select>
    </label>
  )

  return (
    <section className="listing" aria-labelledby={`${id}-count`}>
      <StructuredData
        key={page.items.map((item) => item.id).join(' ')}
        json={import.meta.env.SSR ? itemListJsonLd(page.items, boot) : null}
      />
      <div className="filters filters--inline" role="search" aria-label={t`Filters`}>
        <FilterControls page={page} search={search} onChange={onChange} />
      </div>

      <div className="listing__bar">
        <button
          type="button"
          className="button listing__filter-button"
          aria-haspopup="dialog"
          onClick={() => setSheetOpen(true)}
        >
          <FilterIcon width={18} height={18} />
          <span>{t`Filters`}</span>
          {chips.length > 0 ? (
            <span className="listing__filter-count">
              <span aria-hidden="true">{chips.length}</span>
              <span className="visually-hidden">{t`(${activeFilters} active)`}</span>
            </span>
          ) : null}
        </button>
        {/* The count heads the grid, so the product names (h3) sit under a level-2 heading. */}
        <h2 id={`${id}-count`} className="listing__count" aria-live="polite">
          <Trans>{total} products</Trans>
        </h2>
        {sort}
      </div>

      {chips.length > 0 ? (
        <ul className="filter-chips" aria-label={t`Active filters`}>
          {chips.map(({ key, label, clear }) => (
            <li key={key}>
              <button
                type="button"
                className="filter-chip"
                aria-label={t`Remove filter: ${label}`}
                onClick={() => onChange(clear)}
              >
                <span>{label}</span>
                <CloseIcon width={14} height={14} />
              </button>
            </li>
          ))}
          <li>
            <button type="button" className="link-button" onClick={() => onChange(CLEARED)}>
              {t`Clear filters`}
            </button>
          </li>
        </ul>
      ) : null}

      <Modal
        open={sheetOpen}
        onClose={() => setSheetOpen(false)}
        title={t`Filters`}
        variant="sheet"
        footer={
          <button type="button" className="button button--solid button--wide" onClick={() => setSheetOpen(false)}>
            <Trans>Show {total} products</Trans>
          </button>
        }
      >
        {sheetOpen ? (
          <div className="filters filters--sheet" role="search" aria-label={t`Filters`}>
            <FilterControls page={page} search={search} onChange={onChange} />
            {chips.length > 0 ? (
              <button type="button" className="link-button" onClick={() => onChange(CLEARED)}>
                {t`Clear filters`}
              </button>
            ) : null}
          </div>
        ) : null}
      </Modal>

      {page.items.length === 0 ? (
        <p className="empty-state" role="status">
          <Trans>NO PRODUCT FOUND</Trans>
        </p>
      ) : (
        <ProductGrid products={page.items} priorityFirst />
      )}

      <Pagination page={page.page} totalPages={page.totalPages} />
    </section>
  )
}

/** Size, colour, price range and availability: inline on a wide screen, in the sheet on a phone. */
function FilterControls({
  page,
  search,
  onChange,
}: {
  page: ProductPage
  search: ListingSearch
  onChange: (change: ListingChange) => void
}) {
  const { t } = useLingui()
  const locale = useLocale()
  const [min, setMin] = useState(search.min === undefined ? '' : String(search.min))
  const [max, setMax] = useState(search.max === undefined ? '' : String(search.max))
  const [shown, setShown] = useState({ min: search.min, max: search.max })
  // The fields follow the URL when a chip or "clear" changes the range (state reset while rendering, as React
  // recommends, instead of an effect).
  if (shown.min !== search.min || shown.max !== search.max) {
    setShown({ min: search.min, max: search.max })
    setMin(search.min === undefined ? '' : String(search.min))
    setMax(search.max === undefined ? '' : String(search.max))
  }
  const currency = page.facets.price?.currency ?? 'thb'
  /** A range the wrong way round is turned round, so it can never be invalid; unreadable bounds are dropped. */
  const applyPrice = (event: FormEvent) => {
    event.preventDefault()
    let low = priceBound(min)
    let high = priceBound(max)
    if (low !== undefined && high !== undefined && low > high) [low, high] = [high, low]
    setMin(low === undefined ? '' : String(low))
    setMax(high === undefined ? '' : String(high))
    if (low !== search.min || high !== search.max) onChange({ min: low, max: high })
  }
  return (
    <>
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
      {/* Applied with Enter or the button, not on blur: moving from one field to the other must not apply half. */}
      <form className="price-filter" onSubmit={applyPrice} aria-label={t`Price range`}>
        <label className="field field--inline">
          <span>{t`Min price`}</span>
          <input
            inputMode="numeric"
            pattern="[0-9]*"
            value={min}
            onChange={(event) => setMin(event.target.value.replace(/\D/g, '').slice(0, 7))}
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
            onChange={(event) => setMax(event.target.value.replace(/\D/g, '').slice(0, 7))}
            placeholder={page.facets.price ? formatMoney(page.facets.price.max, currency, locale) : ''}
            size={8}
          />
        </label>
        <button type="submit" className="button button--small price-filter__apply">
          {t({ message: 'Apply', context: 'filters' })}
        </button>
      </form>
      <label className="field field--check">
        <input
          type="checkbox"
          checked={search.available === true}
          onChange={(event) => onChange({ available: event.target.checked ? true : undefined })}
        />
        <span>{t`In stock online`}</span>
      </label>
    </>
  )
}
