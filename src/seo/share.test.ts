import { readFileSync } from 'node:fs'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { fullTitle, LOGO_IMAGE, SHARE_IMAGE, shareImageMeta, shareTextMeta } from './share'

describe('the brand pictures in public/ (drawn by scripts/brand-images.ts)', () => {
  it.each([
    ['share picture', SHARE_IMAGE],
    ['logo', LOGO_IMAGE],
  ])('the %s is a PNG of the size its tags declare', async (_name, image) => {
    const file = readFileSync(`public${image.path}`)
    const meta = await sharp(file).metadata()
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
      format: 'png',
      width: image.width,
      height: image.height,
    })
  })

  it('the share picture is the large-card size (1.91:1) and the logo at least 112×112 (Google)', () => {
    expect(SHARE_IMAGE.width / SHARE_IMAGE.height).toBeCloseTo(1.905, 2)
    expect(Math.min(LOGO_IMAGE.width, LOGO_IMAGE.height)).toBeGreaterThanOrEqual(112)
  })
})

describe('sharing tags', () => {
  it('a picture sets every Open Graph and Twitter image tag, so none of the default survives', () => {
    const tags = shareImageMeta({
      url: 'https://x.example/p.jpg',
      alt: 'A dress',
      width: 1200,
      height: 1600,
      type: 'image/jpeg',
    })
    expect(Object.fromEntries(tags.map((tag) => ['property' in tag ? tag.property : tag.name, tag.content]))).toEqual({
      'og:image': 'https://x.example/p.jpg',
      'og:image:type': 'image/jpeg',
      'og:image:width': '1200',
      'og:image:height': '1600',
      'og:image:alt': 'A dress',
      'twitter:image': 'https://x.example/p.jpg',
      'twitter:image:alt': 'A dress',
    })
  })

  it('title and description go to the page, Open Graph and Twitter alike', () => {
    const tags = shareTextMeta(fullTitle('Cart'), 'Your cart.')
    expect(tags).toEqual([
      { property: 'og:title', content: 'Cart | ATELIER SIAM' },
      { name: 'twitter:title', content: 'Cart | ATELIER SIAM' },
      { name: 'description', content: 'Your cart.' },
      { property: 'og:description', content: 'Your cart.' },
      { name: 'twitter:description', content: 'Your cart.' },
    ])
    expect(shareTextMeta(fullTitle(''))).toEqual([
      { property: 'og:title', content: 'ATELIER SIAM' },
      { name: 'twitter:title', content: 'ATELIER SIAM' },
    ])
  })
})
