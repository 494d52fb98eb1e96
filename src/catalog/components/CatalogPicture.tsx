import type { CatalogImage } from '~/catalog/types'
import { imageSrcSet, imageUrl, PRODUCT_IMAGE_WIDTHS } from '~/images/image-url'

/**
 * A catalog image through the image endpoint: WebP in the widths the layout needs, lazy unless it is
 * the page's first (largest) image, which is fetched with high priority.
 */
export function CatalogPicture({
  image,
  sizes,
  priority = false,
  aspectRatio = 3 / 4,
  widths = PRODUCT_IMAGE_WIDTHS,
  className,
}: {
  image: CatalogImage
  sizes: string
  priority?: boolean
  aspectRatio?: number
  widths?: number[]
  className?: string
}) {
  const width = 720
  const height = Math.round(width / aspectRatio)
  return (
    <img
      className={className}
      src={imageUrl(image.path, { format: 'webp', quality: 75, width, height, fit: 'cover', focal: image.focal })}
      srcSet={imageSrcSet(image.path, widths, {
        format: 'webp',
        quality: 75,
        fit: 'cover',
        aspectRatio,
        focal: image.focal,
      })}
      sizes={sizes}
      alt={image.alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
    />
  )
}
