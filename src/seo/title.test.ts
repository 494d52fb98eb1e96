import { describe, expect, it } from 'vitest'
import { titleFromPath } from './title'

describe('titleFromPath (§2 fallback title)', () => {
  it.each([
    ['/careers', 'Careers'],
    ['/supplier-applications', 'Supplier Applications'],
    ['/info/size-guide-for-shoes', 'Size Guide For Shoes'],
    ['/about-us/', 'About Us'],
    ['/a--b', 'A B'],
    ['/', ''],
    ['/%E0%B8%A3%E0%B9%89%E0%B8%B2%E0%B8%99-ใหม่', 'ร้าน ใหม่'],
    ['/careers?x=1#top', 'Careers'],
  ])('%s → %s', (path, title) => {
    expect(titleFromPath(path)).toBe(title)
  })

  it('keeps the rest of each word as written', () => {
    expect(titleFromPath('/new-iPhone-cases')).toBe('New IPhone Cases')
  })
})
