import { describe, expect, it } from 'vitest'
import { GROUP_IMPORTANCE } from '~/domain/search-query'
import { productTerms } from './search-index.server'

const product = (nameEn: string, nameTh: string, categorySlug: string) => ({
  id: 'p',
  nameEn,
  nameTh,
  categorySlug,
  colorSlug: 'black',
  colorNameEn: 'Black',
  colorNameTh: 'ดำ',
  materialEn: 'Linen',
  materialTh: 'ลินิน',
})

describe('ranking weights of the search index (decision 086)', () => {
  it('weighs a concept by every part that names it: name 3, category 2, colour and material 1', () => {
    const dress = productTerms(product('Linen Wrap Dress', 'เดรสผ้าลินินทรงป้าย', 'dresses'), [
      'เดรส',
      'Dresses',
      'dresses',
    ])
    expect(dress.get('~dress')).toBe(5)
    expect(dress.get('~linen')).toBe(4)
    expect(dress.get('~black')).toBe(1)
  })

  it('counts a concept at home in the product’s category as a category match (a shirt filed under tops)', () => {
    const shirt = productTerms(product('Linen Oversized Shirt', 'เสื้อเชิ้ตผ้าลินินทรงโอเวอร์ไซซ์', 'tops'), [
      'เสื้อ',
      'Tops',
      'tops',
    ])
    const shirtDress = productTerms(product('Linen Shirt Dress', 'เชิ้ตเดรสผ้าลินิน', 'dresses'), [
      'เดรส',
      'Dresses',
      'dresses',
    ])
    expect(shirt.get('~shirt')).toBe(5)
    expect(shirtDress.get('~shirt')).toBe(3)
    expect(shirtDress.get('~dress')).toBe(5)
  })

  it('ranks product types above unknown words above colour and material', () => {
    expect(GROUP_IMPORTANCE.type).toBeGreaterThan(GROUP_IMPORTANCE.word)
    expect(GROUP_IMPORTANCE.word).toBeGreaterThan(GROUP_IMPORTANCE.colour)
    expect(GROUP_IMPORTANCE.colour).toBe(GROUP_IMPORTANCE.material)
  })
})
