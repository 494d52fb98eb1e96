import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { createI18n } from '~/i18n/catalogs'
import { LANGUAGE_STRATEGIES } from '~/config/constants'
import { APPLE_TOUCH_ICON, BACKGROUND_COLOR, manifestHref, THEME_COLOR } from './links'
import { MANIFEST_ICONS, manifestLocale, webManifest } from './web-manifest'

/** Width and height from a PNG's IHDR chunk; throws when the file is no PNG. */
function pngSize(path: string): string {
  const bytes = readFileSync(path)
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  if (!bytes.subarray(0, 8).equals(signature) || bytes.toString('latin1', 12, 16) !== 'IHDR') {
    throw new Error(`${path} is not a PNG`)
  }
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`
}

describe('the web app manifest', () => {
  it('speaks the language it is asked for, and opens on the home page of that language', async () => {
    const paths = { strategy: 'prefix_except_default', defaultLocale: 'th' } as const
    const th = webManifest(await createI18n('th'), 'th', paths)
    const en = webManifest(await createI18n('en'), 'en', paths)
    expect(th.lang).toBe('th-TH')
    expect(en.lang).toBe('en-US')
    expect(th.start_url).toBe('/')
    expect(en.start_url).toBe('/en')
    expect(en.description).toBe('Clothing, bags, shoes, accessories and jewelry from Bangkok.')
    expect(th.description).not.toBe(en.description)
    expect(th.description).toMatch(/[\u0E00-\u0E7F]/)
    expect(th.shortcuts.map((shortcut) => shortcut.url)).toEqual(['/product?tag=new', '/cart', '/wishlist'])
    expect(en.shortcuts.map((shortcut) => shortcut.url)).toEqual(['/en/product?tag=new', '/en/cart', '/en/wishlist'])
    expect(en.shortcuts.map((shortcut) => shortcut.name)).toEqual(['New arrivals', 'Cart', 'Wishlist'])
    // One app, whichever language it was installed from.
    expect(th.id).toBe(en.id)
  })

  it('follows the language strategy', async () => {
    const i18n = await createI18n('en')
    const starts = LANGUAGE_STRATEGIES.map(
      (strategy) => webManifest(i18n, 'en', { strategy, defaultLocale: 'en' }).start_url,
    )
    expect(starts).toEqual(['/', '/en', '/'])
  })

  it('is installable: standalone, the brand colours, a 192 and a 512 icon and a maskable one', async () => {
    const manifest = webManifest(await createI18n('th'), 'th', { strategy: 'prefix', defaultLocale: 'th' })
    expect(manifest.display).toBe('standalone')
    expect(manifest.scope).toBe('/')
    expect(manifest.theme_color).toBe(THEME_COLOR)
    expect(manifest.background_color).toBe(BACKGROUND_COLOR)
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ])
  })

  it('names icons that are real PNGs of their declared sizes', () => {
    for (const icon of MANIFEST_ICONS) expect(pngSize(`public${icon.src}`), icon.src).toBe(icon.sizes)
    expect(pngSize(`public${APPLE_TOUCH_ICON}`)).toBe('180x180')
  })

  it('is asked for by language; anything else gets the default', () => {
    expect(manifestHref('en')).toBe('/manifest.webmanifest?lang=en')
    expect(manifestLocale('en', 'th')).toBe('en')
    expect(manifestLocale('th', 'en')).toBe('th')
    for (const junk of [null, '', 'EN', 'fr', 'en-US', '<script>']) expect(manifestLocale(junk, 'th')).toBe('th')
  })
})
