import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { majorUnits, track } from '~/analytics/datalayer'
import type { ProductSummary } from '~/catalog/types'
import { Price } from '~/components/Price'
import { productLink, refOf } from '~/catalog/product-link'
import { CatalogPicture } from './CatalogPicture'
import { ClubBadge } from './ClubLabel'
import { ColorSwatches } from './ColorSwatches'

/** Dots on a card: five colours, or four and "+n". */
const CARD_SWATCHES = 5

export const PRODUCT_CARD_SIZES = '(min-width: 64rem) 22vw, (min-width: 48rem) 30vw, 48vw'

/** A product in a grid: picture, name, price, and whether it can still be bought online. */
export function ProductCard({ product, priority = false }: { product: ProductSummary; priority?: boolean }) {
  return (
    <article className="product-card">
      <Link
        {...productLink(refOf(product))}
        className="product-card__link"
        onClick={() =>
          track('select_item', {
            ecommerce: {
              items: [{ item_id: product.id, item_name: product.name, price: majorUnits(product.price.amount) }],
            },
          })
        }
      >
        <div className="product-card__media">
          <CatalogPicture image={product.image} sizes={PRODUCT_CARD_SIZES} priority={priority} />
          {product.tags.includes('sale') ? (
            <span className="badge">
              <Trans>Sale</Trans>
            </span>
          ) : null}
          {product.tags.includes('mix_match') ? (
            <span className="badge badge--mix">
              <Trans>Mix &amp; match</Trans>
            </span>
          ) : null}
          {product.tags.includes('club') ? <ClubBadge currency={product.price.currency} /> : null}
          {!product.availableOnline ? (
            <span className="badge badge--muted">
              <Trans>Sold out</Trans>
            </span>
          ) : null}
        </div>
        <h3 className="product-card__name">{product.name}</h3>
      </Link>
      <p className="product-card__meta">
        <Price price={product.price} compareAt={product.compareAtPrice} />
      </p>
      {product.colors.length > 1 ? (
        <ColorSwatches
          familyId={product.familyId}
          colors={product.colors}
          current={product.color.slug}
          max={CARD_SWATCHES}
        />
      ) : null}
    </article>
  )
}

/** A grid of product cards; the first card's picture loads first when the grid opens the page. */
export function ProductGrid({
  products,
  priorityFirst = false,
}: {
  products: ProductSummary[]
  priorityFirst?: boolean
}) {
  return (
    <ul className="product-grid">
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} priority={priorityFirst && index === 0} />
        </li>
      ))}
    </ul>
  )
}
