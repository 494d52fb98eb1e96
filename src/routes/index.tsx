import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useLingui } from '@lingui/react'
import { createFileRoute, Link } from '@tanstack/react-router'
import { BRAND_NAME } from '~/brand'
import { CATEGORY_LABELS, CATEGORY_SLUGS } from '~/catalog/categories'
import { pageHead } from '~/seo/page-head'

export const Route = createFileRoute('/')({
  head: ({ match }) =>
    pageHead(
      match.context.i18n,
      '',
      msg`Clothing, bags, shoes, accessories and jewelry from Bangkok. Free delivery in Thailand.`,
    ),
  component: HomePage,
})

function HomePage() {
  const { i18n } = useLingui()
  return (
    <>
      <section className="hero">
        <div>
          <h1>{BRAND_NAME}</h1>
          <p>
            <Trans>Clothing, bags, shoes, accessories and jewelry, made in Bangkok.</Trans>
          </p>
          <Link to="/product" className="button">
            <Trans>Shop all products</Trans>
          </Link>
        </div>
      </section>
      <h2>
        <Trans>Shop by category</Trans>
      </h2>
      <ul className="tiles">
        {CATEGORY_SLUGS.map((slug) => (
          <li key={slug}>
            <Link to="/category/$name" params={{ name: slug }}>
              {i18n._(CATEGORY_LABELS[slug])}
            </Link>
          </li>
        ))}
      </ul>
    </>
  )
}
