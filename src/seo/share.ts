import { BRAND_NAME } from '~/brand'

/**
 * Pictures for sharing and for search: the brand's default share picture (every page without a picture of its
 * own; Open Graph and Twitter cards, 1200×630, the size both recommend for large cards) and its logo (Organization
 * markup; Google: at least 112×112). Both are drawn by scripts/brand-images.ts and served from public/.
 */
export const SHARE_IMAGE = { path: '/brand/share-1200x630.png', width: 1200, height: 630, type: 'image/png' } as const
export const LOGO_IMAGE = { path: '/brand/logo-512.png', width: 512, height: 512, type: 'image/png' } as const

export type ShareImage = { url: string; alt: string; width: number; height: number; type: string }

type Meta = { property: string; content: string } | { name: string; content: string }

/**
 * Open Graph and Twitter card tags of a page's picture. Every tag is always set, so that a page's picture replaces
 * all of the default's (the router keeps one tag per property, the page's over the root's).
 */
export function shareImageMeta(image: ShareImage): Meta[] {
  return [
    { property: 'og:image', content: image.url },
    { property: 'og:image:type', content: image.type },
    { property: 'og:image:width', content: String(image.width) },
    { property: 'og:image:height', content: String(image.height) },
    { property: 'og:image:alt', content: image.alt },
    { name: 'twitter:image', content: image.url },
    { name: 'twitter:image:alt', content: image.alt },
  ]
}

/** Title and description as Open Graph and Twitter card tags (and the page's own description). */
export function shareTextMeta(title: string, description?: string): Meta[] {
  return [
    { property: 'og:title', content: title },
    { name: 'twitter:title', content: title },
    ...(description
      ? [
          { name: 'description', content: description },
          { property: 'og:description', content: description },
          { name: 'twitter:description', content: description },
        ]
      : []),
  ]
}

/** A page title as shown in the tab and in shares: "Page | BRAND", or the brand alone. */
export function fullTitle(title: string): string {
  return title ? `${title} | ${BRAND_NAME}` : BRAND_NAME
}
