import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { CATEGORY_SLUGS } from '~/catalog/categories'
import { bannerSvg, escapeXml, productImageSvg, silhouetteKey } from './placeholder-svg'

/** A simple well-formedness check: every opened tag is closed in order, nothing is left open. */
function tagsBalanced(svg: string): boolean {
  const stack: string[] = []
  for (const match of svg.matchAll(/<(\/?)([a-zA-Z][\w:-]*)\b[^<>]*?(\/?)>/g)) {
    const [, closing, name, selfClosing] = match
    if (name === undefined) return false
    if (closing === '/') {
      if (stack.pop() !== name) return false
    } else if (selfClosing !== '/') {
      stack.push(name)
    }
  }
  return stack.length === 0
}

/** No fonts, images, scripts or links loaded from anywhere. */
function selfContained(svg: string): boolean {
  return !/<(?:image|script|foreignObject|style)\b|href=|@import|url\((?!#)/i.test(svg)
}

async function rasterise(svg: string) {
  const png = await sharp(Buffer.from(svg)).png().toBuffer()
  return sharp(png).metadata()
}

const CATEGORIES = [...CATEGORY_SLUGS, 'something-else']

describe('product pictures that match names and colours', () => {
  const draw = (name: string, category: string, colorHex = '#1f2a44') =>
    productImageSvg({ category, name, colorHex, view: 1, width: 300, height: 400 })
  const shapes = (svg: string) => [...svg.matchAll(/<path d="([^"]+)"/g)].map((match) => match[1]).join('|')

  it('draws a pencil skirt and an A-line skirt as different shapes', () => {
    const pencil = draw('Wool-Blend Pencil Skirt', 'skirts')
    const aLine = draw('Cotton A-Line Skirt', 'skirts')
    const pleated = draw('Thai Silk Pleated Midi Skirt', 'skirts')
    expect(shapes(pencil)).not.toBe(shapes(aLine))
    expect(shapes(pleated)).not.toBe(shapes(aLine))
    expect(shapes(pleated)).not.toBe(shapes(pencil))
  })

  it('tells product types apart by name', () => {
    expect(silhouetteKey('skirts', 'Wool-Blend Pencil Skirt')).toBe('pencil-skirt')
    expect(silhouetteKey('skirts', 'Cotton A-Line Skirt')).toBe('skirts')
    expect(silhouetteKey('skirts', 'Thai Silk Pleated Midi Skirt')).toBe('pleated-skirt')
    expect(silhouetteKey('trousers', 'Linen Wide-Leg Trousers')).toBe('wide-leg-trousers')
    expect(silhouetteKey('shorts', 'Linen Pleated Shorts')).toBe('shorts')
    expect(silhouetteKey('tops', 'Cotton Poplin Shirt')).toBe('shirt')
    expect(silhouetteKey('tops', 'Cotton Crew-Neck T-Shirt')).toBe('tops')
    expect(silhouetteKey('dresses', 'Thai Silk Slip Dress')).toBe('slip-dress')
    expect(silhouetteKey('dresses', 'Linen Wrap Dress')).toBe('dresses')
    expect(silhouetteKey('shoes', 'Canvas Low-Top Sneakers')).toBe('sneaker')
    expect(silhouetteKey('tote-bags', 'Canvas Tote Bag')).toBe('tote-bags')
    expect(silhouetteKey('sets', 'Linen Shirt and Shorts Set')).toBe('sets')
    expect(shapes(draw('Canvas Low-Top Sneakers', 'shoes'))).not.toBe(shapes(draw('Leather Penny Loafers', 'shoes')))
  })

  it("fills the item with the colour's hex", () => {
    expect(draw('Wool-Blend Pencil Skirt', 'skirts', '#6d1f2b')).toContain('fill="#6d1f2b"')
    expect(draw('Wool-Blend Pencil Skirt', 'skirts', '#6b6b3a')).toContain('fill="#6b6b3a"')
    expect(draw('Wool-Blend Pencil Skirt', 'skirts', '#6b6b3a')).not.toContain('#6d1f2b')
  })
})

describe('productImageSvg', () => {
  it.each(CATEGORIES)('draws a well-formed, self-contained SVG for %s in all three views', async (category) => {
    for (const view of [1, 2, 3]) {
      const svg = productImageSvg({ category, colorHex: '#c9a27e', view, width: 300, height: 400 })
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true)
      expect(svg).toContain('viewBox="0 0 300 400"')
      expect(svg).toContain('width="300" height="400"')
      expect(svg.endsWith('</svg>')).toBe(true)
      expect(tagsBalanced(svg)).toBe(true)
      expect(selfContained(svg)).toBe(true)
      expect(svg).toContain('font-family="Helvetica, Arial, sans-serif"')
      expect(svg).toContain('>ATELIER SIAM</text>')
      const metadata = await rasterise(svg)
      expect(metadata.width).toBe(300)
      expect(metadata.height).toBe(400)
    }
  })

  it('draws a different silhouette per category', () => {
    const shapes = CATEGORIES.map((category) =>
      productImageSvg({ category, colorHex: '#333333', view: 1, width: 400, height: 500 }),
    )
    expect(new Set(shapes).size).toBe(CATEGORIES.length)
  })

  it('composes the three views differently', () => {
    const views = [1, 2, 3].map((view) =>
      productImageSvg({ category: 'dresses', colorHex: '#b5485a', view, width: 400, height: 500 }),
    )
    expect(new Set(views).size).toBe(3)
    expect(views[1]).toContain('<pattern')
    expect(views[2]).toContain('rotate(-11)')
  })

  it('fills with the product colour on a tinted background, and outlines very light colours darker', () => {
    const svg = productImageSvg({ category: 'tops', colorHex: '#b5485a', view: 1, width: 400, height: 500 })
    expect(svg).toContain('fill="#b5485a"')
    const white = productImageSvg({ category: 'tops', colorHex: '#ffffff', view: 1, width: 400, height: 500 })
    const outline = /fill="#ffffff" stroke="#([0-9a-f]{6})"/.exec(white)?.[1]
    expect(outline).toBeDefined()
    expect(parseInt(outline ?? 'ffffff', 16)).toBeLessThan(0x999999)
  })

  it('accepts short hex colours and falls back on invalid ones', async () => {
    expect(productImageSvg({ category: 'shoes', colorHex: '#fff', view: 1, width: 200, height: 250 })).toContain(
      'fill="#ffffff"',
    )
    const svg = productImageSvg({ category: 'shoes', colorHex: 'not-a-colour"/>', view: 9, width: 200, height: 250 })
    expect(svg).not.toContain('not-a-colour')
    expect((await rasterise(svg)).width).toBe(200)
  })

  it('is deterministic', () => {
    const input = { category: 'knitwear', colorHex: '#1f2a44', view: 2, width: 600, height: 750 }
    expect(productImageSvg(input)).toBe(productImageSvg({ ...input }))
  })
})

describe('bannerSvg', () => {
  it('draws a well-formed banner of the requested size with the title in capitals', async () => {
    for (const seed of [0, 1, 2, 3, 4, 5, 42, 1234567]) {
      const svg = bannerSvg({ title: 'Summer Linen', subtitle: 'Collection 2025', seed, width: 1200, height: 500 })
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true)
      expect(svg).toContain('viewBox="0 0 1200 500"')
      expect(tagsBalanced(svg)).toBe(true)
      expect(selfContained(svg)).toBe(true)
      expect(svg).toMatch(/>SUMMER( LINEN)?<\/text>/)
      expect(svg).toContain('COLLECTION 2025')
      const metadata = await rasterise(svg)
      expect(metadata.width).toBe(1200)
      expect(metadata.height).toBe(500)
    }
  })

  it('escapes the title and subtitle', async () => {
    const svg = bannerSvg({
      title: `Tom & Jerry's <script>alert("x")</script>`,
      subtitle: `A < B > C & "D" 'E'`,
      seed: 7,
      width: 800,
      height: 400,
    })
    expect(svg).not.toMatch(/<script/i)
    expect(svg).toContain('&amp;')
    expect(svg).toContain('&apos;')
    expect(svg).toContain('&lt;SCRIPT&gt;')
    expect(svg).toContain('&quot;')
    expect(tagsBalanced(svg)).toBe(true)
    expect((await rasterise(svg)).width).toBe(800)
  })

  it('wraps long titles and renders Thai titles', async () => {
    const long = bannerSvg({
      title: 'A very long editorial title that needs wrapping onto several lines',
      seed: 3,
      width: 800,
      height: 400,
    })
    expect(long.match(/font-weight="700"/g)?.length).toBeGreaterThan(1)
    const thai = bannerSvg({ title: 'สยามฤดูร้อน', seed: 3, width: 800, height: 400 })
    expect(thai).toContain('สยามฤดูร้อน')
    expect((await rasterise(thai)).height).toBe(400)
  })

  it('is deterministic per seed and varies between seeds', () => {
    const input = { title: 'Resort', seed: 11, width: 1000, height: 400 }
    expect(bannerSvg(input)).toBe(bannerSvg({ ...input }))
    const variants = new Set([1, 2, 3, 4, 5, 6].map((seed) => bannerSvg({ ...input, seed })))
    expect(variants.size).toBeGreaterThan(1)
  })
})

describe('escapeXml', () => {
  it('escapes the five XML characters and drops characters XML does not allow', () => {
    expect(escapeXml(`& < > " '`)).toBe('&amp; &lt; &gt; &quot; &apos;')
    expect(escapeXml('a\u0000b\u001Fc\td')).toBe('abc\td')
  })
})
