import { describe, expect, it } from 'vitest'
import { SELLER } from '~/brand'
import { DEMO_SELLER } from '~/config/schema'
import { INFO_PAGE_SLUGS, INFO_PAGES, type ContentPage } from './info-pages'

const text = (page: ContentPage): string =>
  page.blocks.map((block) => (block.kind === 'ul' ? block.items.join('\n') : block.text)).join('\n')

describe('the seller on the terms and privacy pages and the tax invoice (issue 29)', () => {
  it('is the one company of src/brand.ts, with its address and tax id, in each language', () => {
    for (const slug of ['terms-and-conditions', 'privacy-policy'] as const) {
      const thai = text(INFO_PAGES[slug].th)
      const english = text(INFO_PAGES[slug].en)
      for (const part of [SELLER.legalName.th, SELLER.address.th, SELLER.taxId]) expect(thai, slug).toContain(part)
      for (const part of [SELLER.legalName.en, SELLER.address.en, SELLER.taxId]) expect(english, slug).toContain(part)
    }
    // The demo shop's tax invoice names the same company (SELLER_* configure a live shop's).
    expect(DEMO_SELLER.name).toBe(`${SELLER.legalName.th} (${SELLER.legalName.en})`)
    expect([DEMO_SELLER.taxId, DEMO_SELLER.branch]).toEqual([SELLER.taxId, SELLER.branch])
    expect(DEMO_SELLER.address).toContain(SELLER.address.th)
  })

  it('spells the company’s Thai name one way on every page', () => {
    const names = INFO_PAGE_SLUGS.flatMap((slug) => text(INFO_PAGES[slug].th).match(/บริษัท\s*\S+\s+สยาม\s+จำกัด/g) ?? [])
    expect(names.length).toBeGreaterThan(0)
    expect(new Set(names)).toEqual(new Set([SELLER.legalName.th]))
  })
})
