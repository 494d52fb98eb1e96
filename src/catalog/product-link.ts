import type { RouteLink } from '~/routing/links'

/**
 * Links to the product page (decision 092). A product family (one model) is one page,
 * /product/<familyId>; the colour is the `color` search parameter, absent for the family's first colour
 * (whose id is the family id). Every link to a product goes through these helpers, so that a cart line,
 * a wishlist card or a scan result opens the page of its own colour without a redirect.
 */

/** What a link needs of a product row: its own id, its family and its colour. */
export type ProductRef = { id: string; familyId: string; colorSlug: string }

/** A product summary or detail as the storefront reads it. */
export const refOf = (product: { id: string; familyId: string; color: { slug: string } }): ProductRef => ({
  id: product.id,
  familyId: product.familyId,
  colorSlug: product.color.slug,
})

/** The colour parameter of a product's page: none for the family's first colour. */
export const colorParam = (ref: ProductRef): string | undefined => (ref.id === ref.familyId ? undefined : ref.colorSlug)

/** Props of a router Link (or navigate) to the product page, optionally with a size chosen. */
export function productLink(ref: ProductRef, size?: string | null): RouteLink<'/product/$id'> {
  return {
    to: '/product/$id',
    params: { id: ref.familyId },
    search: { color: colorParam(ref), size: size ?? undefined },
  }
}

/** Swatches on a card: at most `max` dots, and how many more colours there are ("+n"). */
export function visibleSwatches<T>(colors: readonly T[], max = 5): { shown: T[]; more: number } {
  if (colors.length <= max) return { shown: colors.slice(), more: 0 }
  // "+1" would take the place of the dot it hides: show max − 1 dots and "+n" for the rest.
  return { shown: colors.slice(0, max - 1), more: colors.length - (max - 1) }
}

/** The size to keep when switching to a colour made in `sizes`: kept if made, otherwise dropped. */
export function sizeInColor(size: string | undefined, sizes: readonly string[]): string | undefined {
  return size !== undefined && sizes.includes(size) ? size : undefined
}
