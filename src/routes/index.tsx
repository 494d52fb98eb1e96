import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { ClientOnly, createFileRoute, Link } from '@tanstack/react-router'
import { collectionsQuery, editorialsQuery, productPageQuery } from '~/catalog/catalog.queries'
import { CatalogPicture } from '~/catalog/components/CatalogPicture'
import { ProductGrid } from '~/catalog/components/ProductCard'
import type { BootState } from '~/boot-state'
import { organizationLd, serializeJsonLd, webSiteLd } from '~/seo/json-ld'
import { StructuredData } from '~/seo/StructuredData'
import { pageHead } from '~/seo/page-head'
import { RecentlyViewedHere } from '~/catalog/components/RecentlyViewedHere'

const NEW_ARRIVALS = 8

const newArrivals = (boot: BootState) =>
  productPageQuery({
    lang: boot.locale,
    currency: boot.region.ISOCurrencyCode,
    tag: 'new',
    sort: 'newest',
    pageSize: NEW_ARRIVALS,
  })

export const Route = createFileRoute('/')({
  loader: async ({ context }) => {
    const { queryClient, boot } = context
    await Promise.all([
      queryClient.ensureQueryData(editorialsQuery(boot.locale)),
      queryClient.ensureQueryData(collectionsQuery(boot.locale)),
      queryClient.ensureQueryData(newArrivals(boot)),
    ])
  },
  head: ({ match }) => pageHead(match.context.i18n, '', HOME_DESCRIPTION),
  component: HomePage,
})

const HOME_DESCRIPTION = msg`Clothing, bags, shoes, accessories and jewelry from Bangkok. Free delivery in Thailand.`

function HomePage() {
  const { boot } = Route.useRouteContext()
  const { data: editorials } = useSuspenseQuery(editorialsQuery(boot.locale))
  const { data: collections } = useSuspenseQuery(collectionsQuery(boot.locale))
  const { data: arrivals } = useSuspenseQuery(newArrivals(boot))
  const hero = editorials.items[0]
  const { i18n } = useLingui()
  return (
    <>
      {/* The shop and the site for search engines (Google's Organization and WebSite markup). */}
      <StructuredData
        json={
          import.meta.env.SSR
            ? serializeJsonLd([organizationLd(boot, i18n._(HOME_DESCRIPTION)), webSiteLd(boot)])
            : null
        }
      />
      {hero ? (
        <section className="hero" aria-labelledby="hero-title">
          <CatalogPicture image={hero.heroImage} sizes="100vw" aspectRatio={16 / 10} priority className="hero__image" />
          <div className="hero__text">
            <p className="hero__kicker">
              <Trans>Editorial</Trans>
            </p>
            <h1 id="hero-title">{hero.title}</h1>
            <p>{hero.excerpt}</p>
            <Link to="/editorials/$name" params={{ name: hero.slug }} className="button">
              <Trans>Read the story</Trans>
            </Link>
          </div>
        </section>
      ) : null}

      <section className="home-section" aria-labelledby="home-collections">
        <h2 id="home-collections">
          <Trans>Collections</Trans>
        </h2>
        <ul className="collection-strip">
          {collections.items.slice(0, 6).map((collection) => (
            <li key={collection.slug}>
              <Link to="/collection/$name" params={{ name: collection.slug }} className="collection-tile__link">
                <CatalogPicture image={collection.image} sizes="(min-width: 48rem) 33vw, 80vw" aspectRatio={16 / 10} />
                <h3>{collection.name}</h3>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="home-section" aria-labelledby="home-new">
        <h2 id="home-new">
          <Trans>New arrivals</Trans>
        </h2>
        <ProductGrid products={arrivals.items} />
        <p>
          <Link to="/product" search={{ tag: 'new' }} className="button">
            <Trans>See all new arrivals</Trans>
          </Link>
        </p>
      </section>

      {/* Personal (kept on this device): filled in by the browser, never in the shared page's HTML (decision 139). */}
      <ClientOnly>
        <RecentlyViewedHere />
      </ClientOnly>
    </>
  )
}
