import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { ClientOnly, createFileRoute, Link } from '@tanstack/react-router'
import { homePageQuery, productPageQuery } from '~/catalog/catalog.queries'
import type { HomeBlockView } from '~/catalog/types'
import { shopHref } from '~/routing/shop-href'
import { CatalogPicture } from '~/catalog/components/CatalogPicture'
import { ProductGrid } from '~/catalog/components/ProductCard'
import type { BootState } from '~/boot-state'
import { organizationLd, serializeJsonLd, webSiteLd } from '~/seo/json-ld'
import { StructuredData } from '~/seo/StructuredData'
import { pageHead } from '~/seo/page-head'
import { RecentlyViewedHere } from '~/catalog/components/RecentlyViewedHere'

/** Today's count (the default home document's): loaded with the blocks, so the default page waits on one round. */
const NEW_ARRIVALS = 8

const newArrivals = (boot: BootState, count: number) =>
  productPageQuery({
    lang: boot.locale,
    currency: boot.region.ISOCurrencyCode,
    tag: 'new',
    sort: 'newest',
    pageSize: count,
  })

export const Route = createFileRoute('/')({
  loader: async ({ context }) => {
    const { queryClient, boot } = context
    const [home] = await Promise.all([
      queryClient.ensureQueryData(homePageQuery(boot.locale)),
      queryClient.ensureQueryData(newArrivals(boot, NEW_ARRIVALS)),
    ])
    await Promise.all(
      home.blocks.flatMap((block) =>
        block.kind === 'new_arrivals' && block.count !== NEW_ARRIVALS
          ? [queryClient.ensureQueryData(newArrivals(boot, block.count))]
          : [],
      ),
    )
  },
  head: ({ match }) => pageHead(match.context.i18n, '', HOME_DESCRIPTION),
  component: HomePage,
})

const HOME_DESCRIPTION = msg`Clothing, bags, shoes, accessories and jewelry from Bangkok. Free delivery in Thailand.`

/**
 * The home page: the blocks the back office published (decision 198), in their order; with none published, the
 * default document's (the newest editorial, the first six collections, eight new arrivals).
 */
function HomePage() {
  const { boot } = Route.useRouteContext()
  const { data: home } = useSuspenseQuery(homePageQuery(boot.locale))
  const { i18n } = useLingui()
  // The first heading of the page is the first hero's title; ids stay unique when a kind shows twice.
  const firstHero = home.blocks.findIndex((block) => block.kind === 'hero')
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
      {home.blocks.map((block, index) => {
        const id = (name: string) =>
          index === home.blocks.findIndex((other) => other.kind === block.kind) ? name : `${name}-${index}`
        switch (block.kind) {
          case 'hero':
            return <HeroBlock key={index} block={block} id={id('hero-title')} lead={index === firstHero} />
          case 'collections':
            return <CollectionsBlock key={index} block={block} id={id('home-collections')} />
          case 'editorials':
            return <EditorialsBlock key={index} block={block} id={id('home-editorials')} />
          case 'new_arrivals':
            return <NewArrivalsBlock key={index} count={block.count} id={id('home-new')} />
        }
      })}

      {/* Personal (kept on this device): filled in by the browser, never in the shared page's HTML (decision 139). */}
      <ClientOnly>
        <RecentlyViewedHere />
      </ClientOnly>
    </>
  )
}

type Block<K extends HomeBlockView['kind']> = Extract<HomeBlockView, { kind: K }>

function HeroBlock({ block, id, lead }: { block: Block<'hero'>; id: string; lead: boolean }) {
  const { boot } = Route.useRouteContext()
  const Heading = lead ? 'h1' : 'h2'
  return (
    <section className="hero" aria-labelledby={id}>
      <CatalogPicture image={block.image} sizes="100vw" aspectRatio={16 / 10} priority={lead} className="hero__image" />
      <div className="hero__text">
        {block.editorial ? (
          <p className="hero__kicker">
            <Trans>Editorial</Trans>
          </p>
        ) : null}
        <Heading id={id}>{block.title}</Heading>
        {block.text ? <p>{block.text}</p> : null}
        {block.editorial ? (
          <Link to="/editorials/$name" params={{ name: block.editorial }} className="button">
            <Trans>Read the story</Trans>
          </Link>
        ) : block.link ? (
          <a href={shopHref(block.link, boot)} className="button">
            {block.linkLabel}
          </a>
        ) : null}
      </div>
    </section>
  )
}

function CollectionsBlock({ block, id }: { block: Block<'collections'>; id: string }) {
  if (block.items.length === 0) return null
  return (
    <section className="home-section" aria-labelledby={id}>
      <h2 id={id}>
        <Trans>Collections</Trans>
      </h2>
      <ul className="collection-strip">
        {block.items.map((collection) => {
          const inner = (
            <>
              <CatalogPicture image={collection.image} sizes="(min-width: 48rem) 33vw, 80vw" aspectRatio={16 / 10} />
              <h3>{collection.name}</h3>
            </>
          )
          return (
            <li key={collection.slug}>
              {collection.parent ? (
                <Link
                  to="/collection/$name/$sub"
                  params={{ name: collection.parent, sub: collection.slug }}
                  className="collection-tile__link"
                >
                  {inner}
                </Link>
              ) : (
                <Link to="/collection/$name" params={{ name: collection.slug }} className="collection-tile__link">
                  {inner}
                </Link>
              )}
            </li>
          )
        })}
      </ul>
    </section>
  )
}

function EditorialsBlock({ block, id }: { block: Block<'editorials'>; id: string }) {
  if (block.items.length === 0) return null
  return (
    <section className="home-section" aria-labelledby={id}>
      <h2 id={id}>
        <Trans>Editorials</Trans>
      </h2>
      <ul className="collection-strip">
        {block.items.map((editorial) => (
          <li key={editorial.slug}>
            <Link to="/editorials/$name" params={{ name: editorial.slug }} className="collection-tile__link">
              <CatalogPicture image={editorial.image} sizes="(min-width: 48rem) 33vw, 80vw" aspectRatio={16 / 10} />
              <h3>{editorial.title}</h3>
              <p>{editorial.excerpt}</p>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}

function NewArrivalsBlock({ count, id }: { count: number; id: string }) {
  const { boot } = Route.useRouteContext()
  const { data: arrivals } = useSuspenseQuery(newArrivals(boot, count))
  return (
    <section className="home-section" aria-labelledby={id}>
      <h2 id={id}>
        <Trans>New arrivals</Trans>
      </h2>
      <ProductGrid products={arrivals.items} />
      <p>
        <Link to="/product" search={{ tag: 'new' }} className="button">
          <Trans>See all new arrivals</Trans>
        </Link>
      </p>
    </section>
  )
}
