import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { productLink, visibleSwatches } from '~/catalog/product-link'

type Swatch = { productId: string; slug: string; name: string; hex: string; sizes?: string[] }

/**
 * The colours of a product family as small dots, each a link to the family's page in that colour
 * (decision 091). On a card at most `max` dots and "+n"; on the product page all of them, switching
 * colour in place (`replace`) and keeping the chosen size when the colour is made in it.
 */
export function ColorSwatches({
  familyId,
  colors,
  current,
  size,
  max,
  replace = false,
  className = 'swatches',
  labelledBy,
}: {
  familyId: string
  colors: readonly Swatch[]
  current: string
  /** The size to keep (product page): kept for a colour made in it. */
  size?: string
  max?: number
  replace?: boolean
  className?: string
  labelledBy?: string
}) {
  const { t } = useLingui()
  const { shown, more } = visibleSwatches(colors, max ?? colors.length)
  return (
    <ul className={className} aria-label={labelledBy ? undefined : t`Colours`} aria-labelledby={labelledBy}>
      {shown.map((swatch) => {
        const keep = size !== undefined && swatch.sizes?.includes(size) ? size : undefined
        const colour = swatch.name
        // The colour's accessible name: "Black colour", "สีดำ" (a Thai colour word needs สี).
        const name = t({ message: `${colour} colour`, context: 'colour swatch' })
        return (
          <li key={swatch.slug}>
            <Link
              {...productLink({ id: swatch.productId, familyId, colorSlug: swatch.slug }, keep)}
              replace={replace}
              resetScroll={replace ? false : undefined}
              className="swatches__link"
              aria-label={name}
              title={name}
              aria-current={swatch.slug === current ? 'true' : undefined}
              // Only the colour shown is current (issue 29, item 13): by default the router also marks the first
              // colour, whose link has no ?color= and so is a part of every other colour's search.
              activeOptions={{ exact: true }}
            >
              <span className="swatches__dot" style={{ background: swatch.hex }} aria-hidden="true" />
            </Link>
          </li>
        )
      })}
      {more > 0 ? (
        <li className="swatches__more" aria-label={t`${more} more colours`}>
          <span aria-hidden="true">+{more}</span>
        </li>
      ) : null}
    </ul>
  )
}
