import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { collectionsQuery } from '~/catalog/catalog.queries'
import { CatalogPicture } from '~/catalog/components/CatalogPicture'
import { CollectionChips } from '~/catalog/components/CollectionChips'
import { PageHeading } from '~/components/PageHeading'
import { pageHead } from '~/seo/page-head'

export const Route = createFileRoute('/collection/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(collectionsQuery(context.boot.locale)),
  head: ({ match }) => pageHead(match.context.i18n, msg`Collections`, msg`Every collection, season by season.`),
  component: CollectionsPage,
})

function CollectionsPage() {
  const { boot } = Route.useRouteContext()
  const { data } = useSuspenseQuery(collectionsQuery(boot.locale))
  return (
    <>
      <PageHeading lead={<Trans>Every collection, season by season.</Trans>}>
        <Trans>Collections</Trans>
      </PageHeading>
      <ul className="collection-list">
        {data.items.map((collection, index) => (
          <li key={collection.slug} className="collection-tile">
            <Link to="/collection/$name" params={{ name: collection.slug }} className="collection-tile__link">
              <CatalogPicture
                image={collection.image}
                sizes="(min-width: 48rem) 50vw, 100vw"
                aspectRatio={16 / 10}
                priority={index === 0}
              />
              <h2>{collection.name}</h2>
            </Link>
            <p>{collection.description}</p>
            <CollectionChips collection={collection} />
          </li>
        ))}
      </ul>
    </>
  )
}
