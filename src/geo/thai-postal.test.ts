import { beforeAll, describe, expect, it } from 'vitest'
import { type AddressInput, emptyAddress, validateAddress } from '~/domain/address'
import { createThaiPostal, getThaiPostal, type ThaiPostal } from './thai-postal.server'

let postal: ThaiPostal

beforeAll(async () => {
  postal = await getThaiPostal()
})

describe('Thai postal data', () => {
  it('is loaded once and shared', async () => {
    const [first, second] = await Promise.all([getThaiPostal(), getThaiPostal()])
    expect(first).toBe(second)
    expect(first).toBe(postal)
  })

  it('has the 77 provinces, sorted in each language', () => {
    const thai = postal.provinces('th')
    const english = postal.provinces('en')
    expect(thai).toHaveLength(77)
    expect(english).toHaveLength(77)
    expect(thai[0]).toEqual({ name: 'กระบี่', nameTh: 'กระบี่', nameEn: 'Krabi' })
    expect(english[0]?.name).toBe('Amnat Charoen')
    expect(english.map((province) => province.name)).toContain('Bangkok')
    // Thai collation ignores the leading vowel: เชียงใหม่ sorts under ช, before ตาก.
    const names = thai.map((province) => province.name)
    expect(names.indexOf('เชียงใหม่')).toBeLessThan(names.indexOf('ตาก'))
  })

  it('finds Bangkok by its Thai name or its English name in any case', () => {
    expect(postal.hasProvince('กรุงเทพมหานคร')).toBe(true)
    expect(postal.hasProvince(' กรุงเทพมหานคร ')).toBe(true)
    expect(postal.hasProvince('Bangkok')).toBe(true)
    expect(postal.hasProvince('BANGKOK')).toBe(true)
    expect(postal.hasProvince('Gotham')).toBe(false)
    expect(postal.hasProvince('')).toBe(false)
  })

  it('knows Chatuchak › Lat Yao › 10900 in Thai and in English, and mixed', () => {
    expect(postal.hasDistrict('กรุงเทพมหานคร', 'จตุจักร')).toBe(true)
    expect(postal.hasDistrict('Bangkok', 'chatuchak')).toBe(true)
    expect(postal.hasDistrict('Bangkok', 'จตุจักร')).toBe(true)
    expect(postal.hasDistrict('เชียงใหม่', 'จตุจักร')).toBe(false)
    expect(postal.subDistrictPostcodes('กรุงเทพมหานคร', 'จตุจักร', 'ลาดยาว')).toEqual(['10900'])
    expect(postal.subDistrictPostcodes('Bangkok', 'Chatuchak', 'Lat Yao')).toEqual(['10900'])
    expect(postal.subDistrictPostcodes('Bangkok', 'Chatuchak', 'Lumphini')).toBeNull()
    expect(postal.postcodeExists('10900')).toBe(true)
    expect(postal.postcodeExists('99999')).toBe(false)
  })

  it('lists districts and sub-districts of either language', () => {
    const districts = postal.districts('Bangkok', 'th')
    expect(districts).toHaveLength(50)
    expect(districts).toContainEqual({ name: 'จตุจักร', nameTh: 'จตุจักร', nameEn: 'Chatuchak' })
    expect(postal.districts('Gotham', 'en')).toEqual([])
    const subDistricts = postal.subDistricts('กรุงเทพมหานคร', 'Chatuchak', 'en')
    expect(subDistricts).toHaveLength(5)
    expect(subDistricts).toContainEqual({ name: 'Lat Yao', nameTh: 'ลาดยาว', nameEn: 'Lat Yao', postcodes: ['10900'] })
  })

  it('merges a sub-district split between postcodes into one entry', () => {
    const wangMai = postal.subDistricts('กรุงเทพมหานคร', 'ปทุมวัน', 'th').filter((sub) => sub.nameTh === 'วังใหม่')
    expect(wangMai).toHaveLength(1)
    expect(wangMai[0]?.postcodes.length).toBeGreaterThan(1)
  })

  it('returns every match of an English name that two places share', () => {
    // Ayutthaya has two districts romanised 'Bang Sai' (บางไทร and บางซ้าย).
    const ayutthaya = postal.districts('Phra Nakhon Si Ayutthaya', 'th').map((district) => district.nameTh)
    expect(ayutthaya).toEqual(expect.arrayContaining(['บางไทร', 'บางซ้าย']))
    expect(postal.hasDistrict('Phra Nakhon Si Ayutthaya', 'Bang Sai')).toBe(true)
    expect(postal.subDistricts('Phra Nakhon Si Ayutthaya', 'Bang Sai', 'th').length).toBeGreaterThan(
      postal.subDistricts('Phra Nakhon Si Ayutthaya', 'บางไทร', 'th').length,
    )
  })

  it('fills a form from a postcode, in the requested language', () => {
    const thai = postal.byPostcode('10900', 'th')
    expect(thai.length).toBeGreaterThan(0)
    expect(thai).toContainEqual({
      province: 'กรุงเทพมหานคร',
      district: 'จตุจักร',
      subDistrict: 'ลาดยาว',
      postcode: '10900',
    })
    expect(postal.byPostcode(' 10900 ', 'en')).toContainEqual({
      province: 'Bangkok',
      district: 'Chatuchak',
      subDistrict: 'Lat Yao',
      postcode: '10900',
    })
    expect(postal.byPostcode('99999', 'th')).toEqual([])
    expect(postal.byPostcode('', 'th')).toEqual([])
  })

  it('returns copies, so a caller cannot change the index', () => {
    const first = postal.provinces('th')
    first.splice(0, first.length)
    expect(postal.provinces('th')).toHaveLength(77)
  })
})

describe('building the index', () => {
  const row = { province: 'ก', district: 'ข', sub_district: 'ค', postal_code: '10000' }

  it('refuses data sets that are not aligned', () => {
    expect(() => createThaiPostal([row], [])).toThrow()
    expect(() => createThaiPostal([], [])).toThrow()
    expect(() => createThaiPostal([row], [{ ...row, postal_code: '20000' }])).toThrow()
  })
})

describe('validating a Thai address with the real data', () => {
  const address: AddressInput = {
    ...emptyAddress(),
    firstname: 'สมหญิง',
    lastname: 'รักไทย',
    telephoneNumber: '+66812345678',
    email: 'somying@example.com',
    address: '1 ถนนพหลโยธิน',
    province: 'กรุงเทพมหานคร',
    district: 'จตุจักร',
    subDistrict: 'ลาดยาว',
    postcode: '10900',
  }

  it('passes a real address, in Thai or in English', () => {
    expect(validateAddress(address, { thai: postal })).toEqual({})
    expect(
      validateAddress(
        { ...address, province: 'Bangkok', district: 'Chatuchak', subDistrict: 'Lat Yao' },
        { thai: postal },
      ),
    ).toEqual({})
  })

  it('fails with a region mismatch when the postcode belongs elsewhere', () => {
    expect(validateAddress({ ...address, postcode: '50200' }, { thai: postal })).toEqual({ postcode: 'regionMismatch' })
  })

  it('reports a district of another province and an unknown postcode', () => {
    expect(validateAddress({ ...address, district: 'หาดใหญ่' }, { thai: postal })).toEqual({ district: 'cityNotFound' })
    expect(validateAddress({ ...address, postcode: '99999' }, { thai: postal })).toEqual({
      postcode: 'postcodeNotFound',
    })
  })
})
