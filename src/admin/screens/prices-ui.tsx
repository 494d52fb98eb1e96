import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link, useRouteContext } from '@tanstack/react-router'
import { useId } from 'react'
import { PRODUCT_TAGS, type ProductTag } from '~/domain/catalog'
import { formatMoney, type Currency } from '~/domain/money'
import type { PricedProduct, PriceFilter } from '../api'
import { catalogChoicesQuery } from '../queries'

/** What a price field's or a row's problem code means, in the staff member's words. */
export const PRICE_PROBLEM_LABELS: Record<string, MessageDescriptor> = {
  not_positive: msg`must be more than 0`,
  too_large: msg`is too large`,
  compare_at_not_above: msg`the old price must be above the price, or empty`,
  not_below_price: msg`the sale price must be below the price now`,
  duplicate: msg`is listed twice`,
  unknown_product: msg`no such product`,
  not_after_start: msg`must be at least ten seconds after the start`,
  in_the_past: msg`is in the past`,
  empty: msg`choose at least one product`,
  too_many: msg`too many products: narrow the filter`,
}

/** The tags the shop applies rules to, named. */
export const TAG_LABELS: Record<ProductTag, MessageDescriptor> = {
  sale: msg`Sale`,
  club: msg`Club`,
  mix_match: msg`Mix and match`,
  new: msg`New`,
}

/** A problem code (or `field: code`) in words; an unknown one as it came. */
export function useProblemText(): (problem: string) => string {
  const { i18n } = useLingui()
  return (problem) => {
    const code = problem.includes(': ') ? (problem.split(': ')[1] ?? problem) : problem
    const label = PRICE_PROBLEM_LABELS[code]
    return label ? i18n._(label) : problem
  }
}

/**
 * An amount typed in baht or dollars (`1290`, `1,290.50`) as minor units, or null when it is not one: at most two
 * decimals (whole satang or cents).
 */
export function parseMajor(text: string): number | null {
  const plain = text.trim().replace(/,/g, '')
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(plain)) return null
  const [whole = '0', fraction = ''] = plain.split('.')
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
}

/** Minor units as they are typed back into a field: `1290` or `1290.50`. */
export function majorText(amount: number | null): string {
  if (amount === null) return ''
  return amount % 100 === 0 ? String(amount / 100) : (amount / 100).toFixed(2)
}

/** A price with its old price struck through, as the shop shows it. */
export function PriceCell({
  price,
  compareAt,
  currency,
}: {
  price: number
  compareAt: number | null
  currency: Currency
}) {
  const { t } = useLingui()
  const { place } = useRouteContext({ from: '__root__' })
  const now = formatMoney(price, currency, place.locale)
  if (compareAt === null || compareAt <= price) return <>{now}</>
  return (
    <>
      <del>
        <span className="admin-visually-hidden">{t`Old price`} </span>
        {formatMoney(compareAt, currency, place.locale)}
      </del>{' '}
      <ins>{now}</ins>
    </>
  )
}

/** A colour's name as the screens list it: the model and the colour in the staff member's language. */
export function productName(product: PricedProduct, locale: 'th' | 'en'): string {
  return `${product.name[locale]} · ${product.colour[locale]}`
}

/** The price screens' own links: the colours, the sales, bulk changes. */
export function PricesNav() {
  const { t } = useLingui()
  return (
    <nav className="admin-subnav" aria-label={t`Prices`}>
      <Link to="/prices" activeOptions={{ exact: true }} activeProps={{ 'aria-current': 'page' }}>
        <Trans>Products</Trans>
      </Link>
      <Link to="/prices/sales" activeProps={{ 'aria-current': 'page' }}>
        <Trans>Sales</Trans>
      </Link>
      <Link to="/prices/bulk" activeProps={{ 'aria-current': 'page' }}>
        <Trans>Bulk change</Trans>
      </Link>
    </nav>
  )
}

/** The filter's fields: words, a category, a collection, a tag (each optional). */
export function PriceFilterFields({
  filter,
  onChange,
}: {
  filter: PriceFilter
  onChange: (filter: PriceFilter) => void
}) {
  const { t, i18n } = useLingui()
  const id = useId()
  const { place } = useRouteContext({ from: '__root__' })
  const categories = useQuery(catalogChoicesQuery('categories', place.locale))
  const collections = useQuery(catalogChoicesQuery('collections', place.locale))
  const set = (patch: PriceFilter) => onChange({ ...filter, ...patch })
  return (
    <div className="admin-filters">
      <div className="admin-field">
        <label htmlFor={`${id}-q`}>
          <Trans>Name or product id</Trans>
        </label>
        <input
          id={`${id}-q`}
          type="search"
          value={filter.q ?? ''}
          maxLength={100}
          onChange={(event) => set({ q: event.target.value || undefined })}
        />
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-category`}>
          <Trans>Category</Trans>
        </label>
        <select
          id={`${id}-category`}
          value={filter.category ?? ''}
          onChange={(event) => set({ category: event.target.value || undefined })}
        >
          <option value="">{t`All categories`}</option>
          {(categories.data ?? []).map((choice) => (
            <option key={choice.slug} value={choice.slug}>
              {choice.name}
            </option>
          ))}
        </select>
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-collection`}>
          <Trans>Collection</Trans>
        </label>
        <select
          id={`${id}-collection`}
          value={filter.collection ?? ''}
          onChange={(event) => set({ collection: event.target.value || undefined })}
        >
          <option value="">{t`All collections`}</option>
          {(collections.data ?? []).map((choice) => (
            <option key={choice.slug} value={choice.slug}>
              {choice.name}
            </option>
          ))}
        </select>
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-tag`}>
          <Trans>Tag</Trans>
        </label>
        <select
          id={`${id}-tag`}
          value={filter.tag ?? ''}
          onChange={(event) => set({ tag: (event.target.value || undefined) as ProductTag | undefined })}
        >
          <option value="">{t`Any tag`}</option>
          {PRODUCT_TAGS.map((tag) => (
            <option key={tag} value={tag}>
              {i18n._(TAG_LABELS[tag])}
            </option>
          ))}
        </select>
      </div>
    </div>
  )
}

/** A filter without its empty parts (the API reads an absent part as "any"). */
export function cleanFilter(filter: PriceFilter): PriceFilter {
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined && value !== ''))
}
