import { describe, expect, it } from 'vitest'
import { analyseQuery, conceptsIn, correctedQuery, editDistance, typoCandidate, type QueryGroup } from './search-query'

/** Each group as "kind:concept" (or "word:text"), in query order. */
const groups = (query: string) =>
  analyseQuery(query).groups.map((group: QueryGroup) =>
    group.kind === 'word' ? `word:${group.word}` : `${group.kind}:${group.concepts[0]?.id ?? ''}`,
  )

describe('query analysis: Thai written without spaces', () => {
  it('cuts no-space Thai by the shop vocabulary, loanwords included', () => {
    expect(groups('กระโปรงยีนส์')).toEqual(['type:skirt', 'material:denim'])
    expect(groups('กางเกงลินิน')).toEqual(['type:trousers', 'material:linen'])
    expect(groups('เดรสผ้าไหม')).toEqual(['type:dress', 'material:silk'])
  })

  it('prefers the longest known word (เสื้อคลุม is outerwear, not a top; ทองเหลือง is brass, not gold)', () => {
    expect(groups('เสื้อคลุม')).toEqual(['type:outerwear'])
    expect(groups('กำไลทองเหลือง')).toEqual(['type:bracelet', 'material:brass'])
    expect(groups('กางเกงขาสั้น')).toEqual(['type:shorts'])
  })

  it('keeps Thai text it does not know as words of its own', () => {
    expect(groups('เดรสปาร์ตี้')).toEqual(['type:dress', 'word:ปาร์ตี้'])
  })
})

describe('query analysis: filler words', () => {
  it('drops Thai fillers (สี, ชุด, ผ้า, แบบ, ตัว) and English ones (the, for …)', () => {
    expect(groups('เดรสสีดำ')).toEqual(['type:dress', 'colour:black'])
    expect(groups('ชุดเดรส')).toEqual(['type:dress'])
    expect(groups('แบบเสื้อตัวผ้าลินิน')).toEqual(['type:top', 'material:linen'])
    expect(groups('the black dress for work')).toEqual(['colour:black', 'type:dress', 'word:work'])
    expect(analyseQuery('shorts for women').ignored).toEqual(['for', 'women'])
  })

  it('searches a query of fillers only as it is', () => {
    expect(groups('ผ้า')).toEqual(['word:ผ้า'])
  })
})

describe('query analysis: synonyms, loanwords and plurals', () => {
  it('gives one concept to the words of every language and spelling', () => {
    for (const query of ['ยีนส์', 'เดนิม', 'denim', 'jeans']) expect(groups(query)).toEqual(['material:denim'])
    for (const query of ['ชุดเดรส', 'เดรส', 'dress', 'dresses']) expect(groups(query)).toEqual(['type:dress'])
    for (const query of ['กางเกง', 'trousers', 'pants']) expect(groups(query)).toEqual(['type:trousers'])
    for (const query of ['เสื้อเชิ้ต', 'shirt', 'shirts']) expect(groups(query)).toEqual(['type:shirt'])
  })

  it('matches English forms of several words, plural or not', () => {
    expect(groups('tote bags')).toEqual(['type:bag'])
    expect(groups('t-shirts')).toEqual(['type:tshirt'])
    expect(groups('sterling silver rings')).toEqual(['material:sterling', 'type:ring'])
  })

  it('lets a word also mean related concepts at a lower weight', () => {
    const [pants] = analyseQuery('กางเกง').groups
    expect(pants?.kind === 'type' ? pants.concepts : []).toEqual([
      { id: 'trousers', weight: 1 },
      { id: 'shorts', weight: 0.5 },
    ])
    const [blue] = analyseQuery('blue').groups
    expect(blue?.kind === 'colour' ? blue.concepts.map((concept) => concept.id) : []).toEqual([
      'blue',
      'navy',
      'indigo',
    ])
  })
})

describe('query analysis: typos', () => {
  it('measures edits, a swap of neighbours counting once', () => {
    expect(editDistance('skrit', 'skirt')).toBe(1)
    expect(editDistance('dreses', 'dress')).toBe(1)
    expect(editDistance('abc', 'xyz', 1)).toBe(2)
  })

  it('corrects English and Thai words within the allowance, and leaves short or far words alone', () => {
    expect(typoCandidate('sneekers')).toBe('sneakers')
    expect(typoCandidate('trowsers')).toBe('trousers')
    expect(typoCandidate('กระโปง')).toBe('กระโปรง')
    expect(typoCandidate('zzqqxxjj')).toBeNull()
    expect(typoCandidate('tpo')).toBeNull()
  })

  it('corrects a misspelt Thai word that ends in a known one (จัมสูท is not a suit)', () => {
    expect(groups('จัมสูท')).toEqual(['type:jumpsuit'])
  })

  it('offers the corrected query as "did you mean", and nothing when nothing was corrected', () => {
    expect(correctedQuery(analyseQuery('linnen dreses'))).toBe('linen dress')
    expect(correctedQuery(analyseQuery('linen dress'))).toBeNull()
    expect(correctedQuery(analyseQuery('silk fooo'), new Map([['fooo', 'foo']]))).toBe('silk foo')
  })
})

describe('concepts of a product for the index', () => {
  it('finds every concept a product text names, in Thai and English, without correcting', () => {
    expect([...conceptsIn('ชุดเซ็ตเสื้อเชิ้ตและกางเกงขาสั้นผ้าลินิน Linen Shirt and Shorts Set')].sort()).toEqual([
      'linen',
      'set',
      'shirt',
      'shorts',
    ])
    expect([...conceptsIn('รองเท้าผ้าใบผ้าแคนวาส Canvas Low-Top Sneakers')].sort()).toEqual(['canvas', 'sneakers'])
    expect([...conceptsIn('dreses')]).toEqual([])
  })
})
