import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { ClientOnly, createFileRoute, Link, notFound, redirect, useRouter } from '@tanstack/react-router'
import { lazy, Suspense, useState } from 'react'
import { majorUnits, useTrackOnce } from '~/analytics/datalayer'
import { addRefusalMessage, useAddToCart } from '~/cart/cart.mutations'
import { WishlistButton } from '~/cart/components/WishlistButton'
import { productQuery } from '~/catalog/catalog.queries'
import { ColorSwatches } from '~/catalog/components/ColorSwatches'
import { ProductGallery } from '~/catalog/components/ProductGallery'
import { ProductGrid } from '~/catalog/components/ProductCard'
import { SizePicker } from '~/catalog/components/SizePicker'
import { colorParam as colorOf, productLink, refOf } from '~/catalog/product-link'
import type { ProductDetail } from '~/catalog/types'
import { Breadcrumbs } from '~/components/Breadcrumbs'
import { Modal } from '~/components/Modal'
import { Price } from '~/components/Price'
import { MixMatchNote } from '~/catalog/components/MixMatchNote'
import { ClubNote } from '~/catalog/components/ClubLabel'
import { imageUrl } from '~/images/image-url'
import { LineShareButton } from '~/line/components/LineShareButton'
import { colorParam, isProductId, searchParams, sizeParam, stringParam } from '~/routing/search-params'
import { productJsonLd } from '~/seo/json-ld'
import { StructuredData } from '~/seo/StructuredData'
import { pageHead } from '~/seo/page-head'
import { shareImageMeta } from '~/seo/share'
import { RecentlyViewedHere } from '~/catalog/components/RecentlyViewedHere'

/** Stock per store, when the shopper opens "Find in store": not in the page's first load (decision 139). */
const FindInStore = lazy(() =>
  import('~/catalog/components/FindInStore').then(({ FindInStore }) => ({ default: FindInStore })),
)

/**
 * The page of a product family (decision 092): ?color= picks the colour (none: the family's first), ?size=
 * a size, as a scanned barcode does; both stay in the canonical link.
 */
const searchSchema = searchParams({
  size: sizeParam(),
  color: colorParam(),
  // A staff preview of a model not yet published (decision 195): a signed token from the back office.
  preview: stringParam(/^[A-Za-z0-9_.-]+$/, 2000),
})

/** The product's picture in shares: the first picture, as a 1200×1600 JPEG (the catalog's 3:4). */
const PRODUCT_SHARE_IMAGE = { width: 1200, height: 1600 } as const

export const Route = createFileRoute('/product/$id')({
  validateSearch: searchSchema,
  // Only the colour changes what the loader reads: choosing a size is a navigation with nothing to load, so the
  // page answers the tap at once (and never waits for a pending component's code).
  loaderDeps: ({ search }) => ({ color: search.color, preview: search.preview }),
  loader: async ({ context, params, deps, location }) => {
    const { boot } = context
    // A malformed or overlong id is no product; the query's validator would refuse it with a 500.
    if (!isProductId(params.id)) throw notFound({ data: { path: location.pathname } })
    const product = await context.queryClient.ensureQueryData(
      productQuery(params.id, boot.locale, boot.region.ISOCurrencyCode, deps.color, deps.preview),
    )
    if (!product) throw notFound({ data: { path: location.pathname } })
    const color = colorOf(refOf(product))
    // The id of a colour other than the first (an old link), an unknown colour or the first colour named:
    // the family's URL, with the colour only when it is not the first; the size stays.
    if (product.familyId !== params.id || deps.color !== color) {
      throw redirect({
        to: '/product/$id',
        params: { id: product.familyId },
        search: { color, size: searchSchema(location.search).size, preview: deps.preview },
        replace: true,
      })
    }
    return { name: product.name, description: product.description, image: product.image }
  },
  head: ({ match, loaderData }) => {
    const head = pageHead(match.context.i18n, loaderData?.name ?? msg`Page not found`, loaderData?.description)
    if (!loaderData) return head
    const size = PRODUCT_SHARE_IMAGE
    const image = shareImageMeta({
      url: `${match.context.boot.config.siteUrl}${imageUrl(loaderData.image.path, { format: 'jpeg', ...size })}`,
      alt: loaderData.image.alt || loaderData.name,
      ...size,
      type: 'image/jpeg',
    })
    return { meta: [...head.meta, { property: 'og:type', content: 'product' }, ...image] }
  },
  component: ProductPage,
})

function SizeChartTable({ chart }: { chart: NonNullable<ProductDetail['sizeChart']> }) {
  const { t } = useLingui()
  return (
    <table className="size-chart">
      <caption>{t`Measurements in centimetres`}</caption>
      <thead>
        <tr>
          <th scope="col">{t`Size`}</th>
          {chart.columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {chart.rows.map((row) => (
          <tr key={row.size}>
            <th scope="row">{row.size}</th>
            {row.values.map((value, index) => (
              <td key={index}>{value}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function ProductPage() {
  const { t, i18n } = useLingui()
  const { boot } = Route.useRouteContext()
  const params = Route.useParams()
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const router = useRouter()
  const { data: product } = useSuspenseQuery(
    productQuery(params.id, boot.locale, boot.region.ISOCurrencyCode, search.color, search.preview),
  )
  const [sizeError, setSizeError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [open, setOpen] = useState<'size-chart' | 'care' | 'stores' | null>(null)
  const [adding, add] = useAddToCart()
  const [added, setAdded] = useState(false)
  const viewed = product ? `${product.id}` : null
  useTrackOnce(viewed, 'view_item', () =>
    product
      ? {
          ecommerce: {
            currency: product.price.currency.toUpperCase(),
            value: majorUnits(product.price.amount),
            items: [
              {
                item_id: product.id,
                item_name: product.name,
                item_category: product.category.slug,
                price: majorUnits(product.price.amount),
              },
            ],
          },
        }
      : {},
  )
  if (!product) return null
  const material = product.material

  // The product's public path in the shopper's language, for sharing.
  const pagePath = router.buildLocation(productLink(refOf(product))).publicHref
  const colour = product.color.name
  const chosen = product.variants.find((variant) => variant.size === search.size && variant.availableOnline)
  const soldOut = !product.availableOnline
  const selectSize = (size: string) => {
    setSizeError(null)
    setNotice(null)
    void navigate({ search: (previous) => ({ ...previous, size }), replace: true, resetScroll: false })
  }
  const addToCart = async () => {
    if (!chosen) {
      setSizeError(t`Please select your size.`)
      return
    }
    setNotice(null)
    const result = await add(chosen.sku, {
      currency: product.price.currency.toUpperCase(),
      value: majorUnits(product.price.amount),
      items: [
        {
          item_id: product.id,
          item_name: product.name,
          item_variant: chosen.size,
          item_category: product.category.slug,
          price: majorUnits(product.price.amount),
          quantity: 1,
        },
      ],
    })
    if (!result.ok) {
      setNotice(i18n._(addRefusalMessage(result)))
      return
    }
    setAdded(true)
    setNotice(t`Added to your cart.`)
  }

  return (
    <article className="product">
      {search.preview ? (
        <p className="product-preview" role="status">
          <Trans>Preview: only staff with this link see this page until the product is published.</Trans>
        </p>
      ) : null}
      <Breadcrumbs
        trail={[
          { name: product.category.name, link: { to: '/category/$name', params: { name: product.category.slug } } },
          { name: product.name, link: productLink(refOf(product)) },
        ]}
      />
      <StructuredData
        key={product.id}
        json={import.meta.env.SSR ? productJsonLd(product, boot, { oneSize: t`One size` }) : null}
      />
      <div className="product__layout">
        <ProductGallery images={product.images} />
        <div className="product__info">
          <h1 className="product__name">{product.name}</h1>
          <p className="product__price">
            <Price price={product.price} compareAt={product.compareAtPrice} />
          </p>
          {product.tags.includes('mix_match') ? (
            <MixMatchNote currency={product.price.currency} bundles={product.mixMatchBundles} />
          ) : null}
          {product.tags.includes('club') ? <ClubNote currency={product.price.currency} /> : null}
          <div className="product__color">
            <p id="product-colour">
              <Trans>Colour: {colour}</Trans>
            </p>
            {product.colors.length > 1 ? (
              <ColorSwatches
                familyId={product.familyId}
                colors={product.colors}
                current={product.color.slug}
                size={search.size}
                replace
                className="swatches swatches--large"
                labelledBy="product-colour"
              />
            ) : null}
          </div>
          {soldOut ? (
            <p className="product__status" role="status">
              <strong>
                <Trans>Sold out</Trans>
              </strong>
              {product.availableInStore ? (
                <>
                  {' · '}
                  <Trans>Available in-store</Trans>
                </>
              ) : null}
            </p>
          ) : product.availableInStore ? (
            <p className="product__status">
              <Trans>Available in-store</Trans>
            </p>
          ) : null}

          <SizePicker variants={product.variants} selected={search.size} onSelect={selectSize} error={sizeError} />
          {chosen?.lowStock ? (
            <p className="product__low">
              <Trans>Only a few left</Trans>
            </p>
          ) : null}

          <div className="product__actions">
            <button
              type="button"
              className="button button--solid button--wide"
              onClick={() => void addToCart()}
              disabled={soldOut || adding}
              aria-busy={adding || undefined}
            >
              {soldOut ? <Trans>Sold out</Trans> : <Trans>Add to cart</Trans>}
            </button>
            <WishlistButton productId={product.id} />
            <LineShareButton
              title={product.name}
              path={pagePath}
              imageUrl={product.images[0] ? imageUrl(product.images[0].path, { format: 'jpeg', width: 1024 }) : null}
            />
            {notice ? (
              <p role="status" className="notice">
                {notice}{' '}
                {added ? (
                  <Link to="/cart">
                    <Trans>View cart</Trans>
                  </Link>
                ) : null}
              </p>
            ) : null}
          </div>

          <ul className="product__links">
            {product.sizeChart ? (
              <li>
                <button type="button" className="link-button" onClick={() => setOpen('size-chart')}>
                  <Trans>Size guide</Trans>
                </button>
              </li>
            ) : null}
            <li>
              <button type="button" className="link-button" onClick={() => setOpen('care')}>
                <Trans>Caring instructions</Trans>
              </button>
            </li>
            <li>
              <button type="button" className="link-button" onClick={() => setOpen('stores')}>
                <Trans>Find in store</Trans>
              </button>
            </li>
          </ul>

          <div className="product__description">
            <p>{product.description}</p>
            <p>
              <Trans>Material: {material}</Trans>
            </p>
            {product.domesticOnly ? (
              <p>
                <Trans>Ships within Thailand only.</Trans>
              </p>
            ) : null}
          </div>
        </div>
      </div>

      {product.matchWith.length > 0 ? (
        <section className="product__related" aria-labelledby="match-with">
          <h2 id="match-with">
            <Trans>Match with</Trans>
          </h2>
          <ProductGrid products={product.matchWith} />
        </section>
      ) : null}
      {product.youMayAlsoLike.length > 0 ? (
        <section className="product__related" aria-labelledby="also-like">
          <h2 id="also-like">
            <Trans>You may also like</Trans>
          </h2>
          <ProductGrid products={product.youMayAlsoLike} />
        </section>
      ) : null}
      {/* Personal (kept on this device): filled in by the browser, never in the shared page's HTML (decision 139). */}
      <ClientOnly>
        {search.preview ? null : <RecentlyViewedHere current={{ id: product.familyId, color: search.color }} />}
      </ClientOnly>

      <Modal open={open === 'size-chart'} onClose={() => setOpen(null)} title={<Trans>Size chart</Trans>}>
        {product.sizeChart ? <SizeChartTable chart={product.sizeChart} /> : null}
      </Modal>
      <Modal open={open === 'care'} onClose={() => setOpen(null)} title={<Trans>Caring instructions</Trans>}>
        <ul>
          {product.care.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </Modal>
      <Modal open={open === 'stores'} onClose={() => setOpen(null)} title={<Trans>Find in store</Trans>}>
        {open === 'stores' ? (
          <Suspense fallback={null}>
            <FindInStore productId={product.id} size={chosen?.size ?? search.size} />
          </Suspense>
        ) : null}
      </Modal>
    </article>
  )
}
