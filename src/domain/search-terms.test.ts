import { describe, expect, it } from 'vitest'
import { indexTerms, searchWords } from './search-terms'

describe('search words', () => {
  it('splits Thai written without spaces into words', () => {
    expect(searchWords('กางเกงขาสั้นผ้าลินิน')).toEqual(expect.arrayContaining(['กางเกง', 'ผ้า', 'ลินิน']))
  })

  it('indexes joined Thai segments, so a loanword the dictionary splits is still found', () => {
    const terms = indexTerms('เชิ้ตเดรสผ้าลินิน')
    expect(terms).toEqual(expect.arrayContaining(['เดรส', 'ลินิน', 'ผ้าลินิน']))
    for (const query of ['เดรส', 'กระเป๋า', 'ลินิน']) {
      expect(
        searchWords(query).every((word) => indexTerms(`xx ${query}ผ้า`).includes(word)),
        query,
      ).toBe(true)
    }
  })

  it('lower-cases English, drops punctuation and one-letter words', () => {
    expect(searchWords('Linen Wrap-Dress, a classic!')).toEqual(['linen', 'wrap', 'dress', 'classic'])
  })

  it('indexes singular forms of English plurals', () => {
    expect(indexTerms('Dresses and Tote Bags')).toEqual(
      expect.arrayContaining(['dresses', 'dress', 'bags', 'bag', 'tote', 'and']),
    )
    expect(indexTerms('Accessories')).toContain('accessory')
    expect(indexTerms('glass')).toEqual(['glass'])
  })

  it('gives nothing for empty or symbol-only text', () => {
    expect(searchWords('  ,.!  ')).toEqual([])
  })
})
