import { describe, expect, it } from 'vitest'
import { IMAGE_FITS, IMAGE_FORMATS, imageSrcSet, imageUrl, isVideoUrl, PRODUCT_IMAGE_WIDTHS } from './image-url'

const PRODUCT = 'products/linen-wrap-dress-1007/1.svg'

describe('imageUrl (§9 image CDN mapping)', () => {
  it('serves catalog paths from the /images/ endpoint', () => {
    expect(imageUrl(PRODUCT)).toBe('/images/products/linen-wrap-dress-1007/1.svg')
  })

  it('maps format, quality, width, height and fit to fm, q, w, h, fit', () => {
    expect(imageUrl(PRODUCT, { format: 'avif' })).toBe(`/images/${PRODUCT}?fm=avif`)
    expect(imageUrl(PRODUCT, { quality: 60 })).toBe(`/images/${PRODUCT}?q=60`)
    expect(imageUrl(PRODUCT, { width: 480 })).toBe(`/images/${PRODUCT}?w=480`)
    expect(imageUrl(PRODUCT, { height: 600 })).toBe(`/images/${PRODUCT}?h=600`)
    expect(imageUrl(PRODUCT, { fit: 'contain' })).toBe(`/images/${PRODUCT}?fit=contain`)
  })

  it('always writes the parameters in the order fm, q, w, h, fit and omits unset ones', () => {
    expect(imageUrl(PRODUCT, { fit: 'inside', height: 300, width: 200, quality: 80, format: 'jpeg' })).toBe(
      `/images/${PRODUCT}?fm=jpeg&q=80&w=200&h=300&fit=inside`,
    )
    expect(imageUrl(PRODUCT, { fit: 'cover', width: 200, format: 'webp' })).toBe(
      `/images/${PRODUCT}?fm=webp&w=200&fit=cover`,
    )
    expect(imageUrl(PRODUCT, { width: undefined, quality: undefined })).toBe(`/images/${PRODUCT}`)
  })

  it('rounds to integers and keeps values inside the range the endpoint accepts', () => {
    expect(imageUrl(PRODUCT, { width: 480.4, height: 600.5, quality: 74.6 })).toBe(
      `/images/${PRODUCT}?q=75&w=480&h=601`,
    )
    expect(imageUrl(PRODUCT, { width: 5, quality: 0 })).toBe(`/images/${PRODUCT}?q=1&w=16`)
    expect(imageUrl(PRODUCT, { width: 10_000, quality: 300 })).toBe(`/images/${PRODUCT}?q=100&w=2400`)
    expect(imageUrl(PRODUCT, { width: Number.NaN })).toBe(`/images/${PRODUCT}`)
  })

  it('adds the parameters to absolute URLs and root paths', () => {
    expect(imageUrl('https://cdn.example.com/a/b.jpg', { width: 320 })).toBe('https://cdn.example.com/a/b.jpg?w=320')
    expect(imageUrl('//cdn.example.com/b.jpg', { width: 320 })).toBe('//cdn.example.com/b.jpg?w=320')
    expect(imageUrl('/static/hero.png', { format: 'webp' })).toBe('/static/hero.png?fm=webp')
  })

  it('keeps an existing query and hash, replacing only parameters it sets again', () => {
    expect(imageUrl('https://cdn.example.com/b.jpg?v=3', { width: 320, format: 'webp' })).toBe(
      'https://cdn.example.com/b.jpg?v=3&fm=webp&w=320',
    )
    expect(imageUrl('https://cdn.example.com/b.jpg?w=100&v=3#top', { width: 320 })).toBe(
      'https://cdn.example.com/b.jpg?v=3&w=320#top',
    )
    expect(imageUrl('/b.jpg?', { width: 320 })).toBe('/b.jpg?w=320')
    expect(imageUrl('https://cdn.example.com/b.jpg?v=3')).toBe('https://cdn.example.com/b.jpg?v=3')
  })

  it('leaves mp4 URLs untouched, also with a query or hash and in any case', () => {
    const options = { format: 'webp', width: 480, quality: 70 } as const
    expect(imageUrl('https://cdn.example.com/film.mp4', options)).toBe('https://cdn.example.com/film.mp4')
    expect(imageUrl('https://cdn.example.com/film.MP4?t=3', options)).toBe('https://cdn.example.com/film.MP4?t=3')
    expect(imageUrl('/videos/film.mp4#t=10', options)).toBe('/videos/film.mp4#t=10')
    expect(imageUrl('editorials/summer/film.mp4', options)).toBe('editorials/summer/film.mp4')
    expect(isVideoUrl('https://cdn.example.com/film.mp4.jpg')).toBe(false)
    expect(isVideoUrl('https://cdn.example.com/x.jpg?src=film.mp4')).toBe(false)
  })

  it('leaves data: and blob: URLs untouched', () => {
    expect(imageUrl('data:image/png;base64,AAAA', { width: 10 })).toBe('data:image/png;base64,AAAA')
  })

  it('exports the formats and fits the endpoint validates against', () => {
    expect(IMAGE_FORMATS).toEqual(['webp', 'avif', 'jpeg', 'png'])
    expect(IMAGE_FITS).toEqual(['cover', 'contain', 'inside', 'outside', 'fill'])
    expect(PRODUCT_IMAGE_WIDTHS).toEqual([240, 360, 480, 720, 960, 1200])
  })
})

describe('imageSrcSet', () => {
  it('lists one candidate per width', () => {
    expect(imageSrcSet(PRODUCT, [320, 640], { format: 'webp', quality: 70 })).toBe(
      `/images/${PRODUCT}?fm=webp&q=70&w=320 320w, /images/${PRODUCT}?fm=webp&q=70&w=640 640w`,
    )
  })

  it('adds a rounded height for an aspect ratio', () => {
    expect(imageSrcSet(PRODUCT, [240, 360], { aspectRatio: 3 / 4, fit: 'cover' })).toBe(
      `/images/${PRODUCT}?w=240&h=320&fit=cover 240w, /images/${PRODUCT}?w=360&h=480&fit=cover 360w`,
    )
    expect(imageSrcSet(PRODUCT, [100], { aspectRatio: 3 })).toBe(`/images/${PRODUCT}?w=100&h=33 100w`)
  })

  it('rounds widths and drops duplicates', () => {
    expect(imageSrcSet(PRODUCT, [320.4, 320, 640.6], {})).toBe(
      `/images/${PRODUCT}?w=320 320w, /images/${PRODUCT}?w=641 641w`,
    )
  })

  it('covers the product widths', () => {
    const srcset = imageSrcSet(PRODUCT, PRODUCT_IMAGE_WIDTHS, { format: 'webp', aspectRatio: 4 / 5 })
    expect(srcset.split(', ')).toHaveLength(PRODUCT_IMAGE_WIDTHS.length)
    expect(srcset).toContain(`/images/${PRODUCT}?fm=webp&w=1200&h=1500 1200w`)
  })
})
