import { getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js/min'
import { describe, expect, it } from 'vitest'
import {
  ADDRESS_ERROR_CODES,
  ADDRESS_FIELDS,
  ADDRESS_LIMITS,
  type AddressInput,
  emptyAddress,
  normaliseAddress,
  type ThaiPostalLookup,
  validateAddress,
  validateAddressField,
} from './address'
import { callingCode, countryName, isShippingCountry, SHIPPING_COUNTRIES } from './countries'

/** A small stand-in for the real data: Bangkok › Chatuchak › Lat Yao 10900, and a district with two postcodes. */
const places: Record<string, Record<string, Record<string, string[]>>> = {
  กรุงเทพมหานคร: { จตุจักร: { ลาดยาว: ['10900'], จอมพล: ['10900'] }, ปทุมวัน: { ลุมพินี: ['10330'] } },
  เชียงใหม่: { เมืองเชียงใหม่: { ศรีภูมิ: ['50200'], หายยา: ['50100'], ช้างเผือก: ['50200', '50300'] } },
}
const fakeThai: ThaiPostalLookup = {
  hasProvince: (name) => name in places,
  hasDistrict: (province, district) => district in (places[province] ?? {}),
  subDistrictPostcodes: (province, district, subDistrict) => places[province]?.[district]?.[subDistrict] ?? null,
  postcodeExists: (postcode) =>
    Object.values(places).some((districts) =>
      Object.values(districts).some((subs) => Object.values(subs).some((codes) => codes.includes(postcode))),
    ),
}

/** A complete, valid Thai address; tests change one field at a time. */
function thaiAddress(overrides: Partial<AddressInput> = {}): AddressInput {
  return {
    ...emptyAddress(),
    firstname: 'สมชาย',
    lastname: 'ใจดี',
    telephoneNumber: '081 234 5678',
    email: 'somchai@example.co.th',
    address: '99/9 ซอยพหลโยธิน 24',
    province: 'กรุงเทพมหานคร',
    district: 'จตุจักร',
    subDistrict: 'ลาดยาว',
    postcode: '10900',
    ...overrides,
  }
}

function usAddress(overrides: Partial<AddressInput> = {}): AddressInput {
  return {
    ...emptyAddress('US'),
    firstname: 'Jane',
    lastname: 'Doe',
    telephoneNumber: '+1 212 555 0123',
    email: 'jane@example.com',
    address: '350 Fifth Avenue',
    district: 'New York',
    province: 'NY',
    postcode: '10118',
    ...overrides,
  }
}

const options = { thai: fakeThai }

describe('address shape', () => {
  it('starts blank, in Thailand unless told otherwise', () => {
    const blank = emptyAddress()
    expect(Object.keys(blank).sort()).toEqual([...ADDRESS_FIELDS].sort())
    expect(blank.country).toBe('TH')
    expect(blank.firstname).toBe('')
    expect(emptyAddress('SG').country).toBe('SG')
  })

  it('has the §5 limits and error codes', () => {
    expect(ADDRESS_LIMITS).toEqual({ name: 50, addressLine: 60 })
    expect(ADDRESS_ERROR_CODES).toEqual([
      'required',
      'invalid',
      'nameTooLong',
      'addressTooLong',
      'phoneCountryMismatch',
      'postcodeNotFound',
      'cityNotFound',
      'regionMismatch',
    ])
  })

  it('accepts a complete Thai address, with and without the postal data', () => {
    expect(validateAddress(thaiAddress(), options)).toEqual({})
    expect(validateAddress(thaiAddress())).toEqual({})
  })

  it('accepts a complete address abroad', () => {
    expect(validateAddress(usAddress(), options)).toEqual({})
  })

  it('reports every required field of a blank form, and nothing for the optional ones', () => {
    expect(validateAddress(emptyAddress(), options)).toEqual({
      firstname: 'required',
      lastname: 'required',
      telephoneNumber: 'required',
      email: 'required',
      address: 'required',
      postcode: 'required',
      subDistrict: 'required',
      district: 'required',
      province: 'required',
    })
    expect(validateAddress(emptyAddress(''), options)).toMatchObject({ country: 'required', district: 'required' })
  })

  it('treats blanks as empty', () => {
    expect(validateAddressField('firstname', thaiAddress({ firstname: '   ' }))).toBe('required')
  })
})

describe('names and address lines', () => {
  it('allows 50 characters in a name, not 51', () => {
    expect(validateAddressField('firstname', thaiAddress({ firstname: 'ก'.repeat(50) }))).toBeNull()
    expect(validateAddressField('firstname', thaiAddress({ firstname: 'a'.repeat(51) }))).toBe('nameTooLong')
    expect(validateAddressField('lastname', thaiAddress({ lastname: 'b'.repeat(51) }))).toBe('nameTooLong')
  })

  it('counts characters, not UTF-16 units, and ignores surrounding spaces', () => {
    expect(validateAddressField('firstname', thaiAddress({ firstname: '😀'.repeat(50) }))).toBeNull()
    expect(validateAddressField('firstname', thaiAddress({ firstname: `  ${'a'.repeat(50)}  ` }))).toBeNull()
  })

  it('allows 60 characters in an address line, not 61; the second line is optional', () => {
    expect(validateAddressField('address', thaiAddress({ address: 'x'.repeat(60) }))).toBeNull()
    expect(validateAddressField('address', thaiAddress({ address: 'x'.repeat(61) }))).toBe('addressTooLong')
    expect(validateAddressField('address2', thaiAddress({ address2: '' }))).toBeNull()
    expect(validateAddressField('address2', thaiAddress({ address2: 'y'.repeat(60) }))).toBeNull()
    expect(validateAddressField('address2', thaiAddress({ address2: 'y'.repeat(61) }))).toBe('addressTooLong')
  })
})

describe('e-mail', () => {
  it.each(['somchai@example.co.th', 'a.b+tag@sub.example.com', 'ผู้ใช้@ตัวอย่าง.ไทย'])('accepts %s', (email) => {
    expect(validateAddressField('email', thaiAddress({ email }))).toBeNull()
  })

  it.each(['somchai', 'somchai@', '@example.com', 'a@example', 'a b@example.com', 'a@@example.com', 'a@example..com'])(
    'refuses %s',
    (email) => {
      expect(validateAddressField('email', thaiAddress({ email }))).toBe('invalid')
    },
  )

  it('refuses an address longer than RFC 5321 allows', () => {
    expect(validateAddressField('email', thaiAddress({ email: `${'a'.repeat(65)}@example.com` }))).toBe('invalid')
  })
})

describe('telephone number', () => {
  it('accepts a Thai number in national or international form for a Thai address', () => {
    expect(validateAddressField('telephoneNumber', thaiAddress({ telephoneNumber: '0812345678' }))).toBeNull()
    expect(validateAddressField('telephoneNumber', thaiAddress({ telephoneNumber: '+66 2 123 4567' }))).toBeNull()
  })

  it('refuses what is not a valid number', () => {
    expect(validateAddressField('telephoneNumber', thaiAddress({ telephoneNumber: 'call me' }))).toBe('invalid')
    expect(validateAddressField('telephoneNumber', thaiAddress({ telephoneNumber: '081234567' }))).toBe('invalid')
    expect(validateAddressField('telephoneNumber', thaiAddress({ telephoneNumber: '+6681234567890' }))).toBe('invalid')
  })

  it('reports a valid number of another country than the destination', () => {
    expect(validateAddressField('telephoneNumber', usAddress({ telephoneNumber: '+66812345678' }))).toBe(
      'phoneCountryMismatch',
    )
    expect(validateAddressField('telephoneNumber', thaiAddress({ telephoneNumber: '+1 212 555 0123' }))).toBe(
      'phoneCountryMismatch',
    )
    // +1 is shared: a Toronto number is Canadian, not American.
    expect(validateAddressField('telephoneNumber', usAddress({ telephoneNumber: '+1 416 555 0123' }))).toBe(
      'phoneCountryMismatch',
    )
    expect(
      validateAddressField('telephoneNumber', usAddress({ country: 'CA', telephoneNumber: '+1 416 555 0123' })),
    ).toBeNull()
  })

  it('does not compare with a country that is missing or not shipped to', () => {
    expect(validateAddressField('telephoneNumber', thaiAddress({ country: '', telephoneNumber: '+66812345678' }))).toBe(
      null,
    )
    expect(
      validateAddressField('telephoneNumber', thaiAddress({ country: 'ZZ', telephoneNumber: '+66812345678' })),
    ).toBe(null)
  })
})

describe('country', () => {
  it('requires a country we ship to, in either case', () => {
    expect(validateAddressField('country', thaiAddress({ country: '' }))).toBe('required')
    expect(validateAddressField('country', thaiAddress({ country: 'ZZ' }))).toBe('invalid')
    expect(validateAddressField('country', thaiAddress({ country: 'KP' }))).toBe('invalid')
    expect(validateAddressField('country', thaiAddress({ country: ' sg ' }))).toBeNull()
  })
})

describe('tax ID', () => {
  it('is optional', () => {
    expect(validateAddressField('taxId', thaiAddress({ taxId: '' }))).toBeNull()
    expect(validateAddressField('taxId', usAddress({ taxId: '' }))).toBeNull()
  })

  it('checks the mod-11 check digit of a Thai ID, written with or without dashes', () => {
    expect(validateAddressField('taxId', thaiAddress({ taxId: '1101700230708' }))).toBeNull()
    expect(validateAddressField('taxId', thaiAddress({ taxId: '0105553012341' }))).toBeNull()
    expect(validateAddressField('taxId', thaiAddress({ taxId: '1-1017-00230-70-8' }))).toBeNull()
    expect(validateAddressField('taxId', thaiAddress({ taxId: '1101700230709' }))).toBe('invalid')
    expect(validateAddressField('taxId', thaiAddress({ taxId: '110170023070' }))).toBe('invalid')
    expect(validateAddressField('taxId', thaiAddress({ taxId: '11017002307080' }))).toBe('invalid')
    expect(validateAddressField('taxId', thaiAddress({ taxId: 'A101700230708' }))).toBe('invalid')
  })

  it('takes up to 20 letters, digits and dashes elsewhere', () => {
    expect(validateAddressField('taxId', usAddress({ taxId: '12-3456789' }))).toBeNull()
    expect(validateAddressField('taxId', usAddress({ country: 'DE', taxId: 'DE123456789' }))).toBeNull()
    expect(validateAddressField('taxId', usAddress({ taxId: 'A'.repeat(20) }))).toBeNull()
    expect(validateAddressField('taxId', usAddress({ taxId: 'A'.repeat(21) }))).toBe('invalid')
    expect(validateAddressField('taxId', usAddress({ taxId: '12/3456' }))).toBe('invalid')
    // A Thai check digit does not apply abroad.
    expect(validateAddressField('taxId', usAddress({ taxId: '1101700230709' }))).toBeNull()
  })
})

describe('Thai region', () => {
  it('requires province, district, sub-district and postcode', () => {
    for (const field of ['province', 'district', 'subDistrict', 'postcode'] as const) {
      expect(validateAddressField(field, thaiAddress({ [field]: '' }), options), field).toBe('required')
    }
  })

  it('reports an unknown province as a region mismatch', () => {
    expect(validateAddressField('province', thaiAddress({ province: 'แอตแลนติส' }), options)).toBe('regionMismatch')
  })

  it('reports a district that is not in the province as city not found', () => {
    expect(validateAddressField('district', thaiAddress({ district: 'หาดใหญ่' }), options)).toBe('cityNotFound')
    expect(validateAddressField('district', thaiAddress({ district: 'เมืองเชียงใหม่' }), options)).toBe('cityNotFound')
  })

  it('reports a sub-district that is not in the district as not valid', () => {
    expect(validateAddressField('subDistrict', thaiAddress({ subDistrict: 'ลุมพินี' }), options)).toBe('invalid')
  })

  it('checks the postcode: five digits, then known, then one of the sub-district', () => {
    expect(validateAddressField('postcode', thaiAddress({ postcode: '1090' }), options)).toBe('invalid')
    expect(validateAddressField('postcode', thaiAddress({ postcode: '1090O' }), options)).toBe('invalid')
    expect(validateAddressField('postcode', thaiAddress({ postcode: '99999' }), options)).toBe('postcodeNotFound')
    expect(validateAddressField('postcode', thaiAddress({ postcode: '10330' }), options)).toBe('regionMismatch')
  })

  it('accepts each postcode of a sub-district that has several', () => {
    const chiangMai = { province: 'เชียงใหม่', district: 'เมืองเชียงใหม่', subDistrict: 'ช้างเผือก' }
    expect(validateAddress(thaiAddress({ ...chiangMai, postcode: '50200' }), options)).toEqual({})
    expect(validateAddress(thaiAddress({ ...chiangMai, postcode: '50300' }), options)).toEqual({})
    expect(validateAddress(thaiAddress({ ...chiangMai, postcode: '50100' }), options)).toEqual({
      postcode: 'regionMismatch',
    })
  })

  it('reports a wrong province once, not again on every field below it', () => {
    expect(validateAddress(thaiAddress({ province: 'แอตแลนติส' }), options)).toEqual({ province: 'regionMismatch' })
    expect(validateAddress(thaiAddress({ district: 'หาดใหญ่' }), options)).toEqual({ district: 'cityNotFound' })
  })

  it('runs the format checks without the postal data (in the browser)', () => {
    expect(validateAddressField('province', thaiAddress({ province: 'แอตแลนติส' }))).toBeNull()
    expect(validateAddressField('postcode', thaiAddress({ postcode: '99999' }))).toBeNull()
    expect(validateAddressField('postcode', thaiAddress({ postcode: '1090' }))).toBe('invalid')
    expect(validateAddressField('district', thaiAddress({ district: 'x'.repeat(61) }))).toBe('invalid')
  })

  it('stops at the first failing rule of a field', () => {
    // '1090' is unknown and not of Lat Yao too, but its format is reported first.
    expect(validateAddressField('postcode', thaiAddress({ postcode: '1090' }), options)).toBe('invalid')
    // 99999 is not a postcode of Lat Yao either, but that it does not exist comes first.
    expect(validateAddressField('postcode', thaiAddress({ postcode: '99999' }), options)).toBe('postcodeNotFound')
    // A 51-letter blank-padded name is too long, not missing.
    expect(validateAddressField('firstname', thaiAddress({ firstname: ` ${'a'.repeat(51)} ` }))).toBe('nameTooLong')
    // A number of the wrong country that is not even valid is reported as not valid.
    expect(validateAddressField('telephoneNumber', usAddress({ telephoneNumber: '+66 81234' }))).toBe('invalid')
  })
})

describe('region abroad', () => {
  it('requires a city, with no lookup', () => {
    expect(validateAddressField('district', usAddress({ district: '' }), options)).toBe('required')
    expect(validateAddressField('district', usAddress({ district: 'Springfield' }), options)).toBeNull()
  })

  it('takes an optional state and sub-district of up to 60 characters', () => {
    expect(validateAddress(usAddress({ province: '', subDistrict: '' }), options)).toEqual({})
    expect(validateAddressField('province', usAddress({ province: 'x'.repeat(61) }), options)).toBe('invalid')
    expect(validateAddressField('subDistrict', usAddress({ subDistrict: 'x'.repeat(61) }), options)).toBe('invalid')
  })

  it('checks the postcode of a country postcode-validator knows', () => {
    expect(validateAddressField('postcode', usAddress({ postcode: '' }))).toBe('required')
    expect(validateAddressField('postcode', usAddress({ postcode: '10118-0110' }))).toBeNull()
    expect(validateAddressField('postcode', usAddress({ postcode: '1011' }))).toBe('invalid')
    expect(validateAddressField('postcode', usAddress({ country: 'GB', postcode: 'sw1a 1aa' }))).toBeNull()
    expect(validateAddressField('postcode', usAddress({ country: 'GB', postcode: '10118' }))).toBe('invalid')
  })

  it('takes an optional postcode of up to 12 characters where postcode-validator has no rule', () => {
    expect(validateAddressField('postcode', usAddress({ country: 'HK', postcode: '' }))).toBeNull()
    expect(validateAddressField('postcode', usAddress({ country: 'AE', postcode: '12345' }))).toBeNull()
    expect(validateAddressField('postcode', usAddress({ country: 'AE', postcode: '1'.repeat(13) }))).toBe('invalid')
  })
})

describe('normalised address', () => {
  it('trims, collapses spaces, upper-cases country and postcode, formats the phone in E.164', () => {
    const normalised = normaliseAddress(
      thaiAddress({
        firstname: '  สมชาย  ',
        address: '99/9   ซอย  พหลโยธิน 24 ',
        country: ' th ',
        telephoneNumber: '081-234-5678',
        taxId: '1-1017-00230-70-8',
      }),
    )
    expect(normalised).toMatchObject({
      firstname: 'สมชาย',
      address: '99/9 ซอย พหลโยธิน 24',
      country: 'TH',
      telephoneNumber: '+66812345678',
      taxId: '1101700230708',
    })
    expect(validateAddress(normalised, options)).toEqual({})
    expect(normaliseAddress(usAddress({ country: 'gb', postcode: ' sw1a  1aa ' })).postcode).toBe('SW1A 1AA')
  })

  it('keeps a phone number it cannot parse as typed', () => {
    expect(normaliseAddress(thaiAddress({ telephoneNumber: ' 0812 ' })).telephoneNumber).toBe('0812')
  })
})

describe('shipping countries', () => {
  it('lists Thailand first, each country once, all known to the platform and to libphonenumber', () => {
    expect(SHIPPING_COUNTRIES[0]).toBe('TH')
    expect(new Set(SHIPPING_COUNTRIES).size).toBe(SHIPPING_COUNTRIES.length)
    for (const code of SHIPPING_COUNTRIES) {
      expect(countryName(code, 'en'), code).not.toBe(code)
      expect(callingCode(code), code).toMatch(/^\d{1,3}$/)
      // The fixed table of countries.ts says what libphonenumber's metadata says.
      expect(isSupportedCountry(code), code).toBe(true)
      expect(callingCode(code), code).toBe(getCountryCallingCode(code))
    }
  })

  it('names countries in Thai and English', () => {
    expect(countryName('TH', 'th')).toBe('ไทย')
    expect(countryName('TH', 'en')).toBe('Thailand')
    expect(countryName('jp', 'en')).toBe('Japan')
    expect(countryName('not a code', 'en')).toBe('not a code')
  })

  it('gives the same short names wherever it runs (no platform CLDR data: server and browser must agree)', () => {
    expect(countryName('HK', 'th')).toBe('ฮ่องกง')
    expect(countryName('HK', 'en')).toBe('Hong Kong')
    expect(countryName('MO', 'en')).toBe('Macao')
    for (const code of SHIPPING_COUNTRIES) expect(countryName(code, 'th'), code).not.toBe(countryName(code, 'en'))
  })

  it('gives calling codes', () => {
    expect(callingCode('TH')).toBe('66')
    expect(callingCode('US')).toBe('1')
    expect(callingCode('ZZ')).toBeNull()
    expect(isShippingCountry('SG')).toBe(true)
    expect(isShippingCountry('sg')).toBe(false)
  })
})
