import { describe, expect, it } from 'vitest'
import type { BootState } from '~/boot-state'
import { testBootState } from '~/boot-state.fixture'
import type { ProductDetail, Store } from '~/catalog/types'
import { RETURN_WINDOW_DAYS } from '~/domain/returns'
import { gtinCheckDigit } from './gtin'
import {
  breadcrumbLd,
  internationalPhone,
  organizationLd,
  productGroupLd,
  productJsonLd,
  serializeJsonLd,
  storesLd,
  webSiteLd,
} from './json-ld'
import { INTERNATIONAL_COUNTRIES } from './merchant-policies'
import { checkStructuredData, typesIn } from './structured-data-check'
import {
  COURIER_DELIVERY_WORKING_DAYS,
  DOMESTIC_SMALL_ITEM_FEE,
  HANDLING_WORKING_DAYS,
  INTERNATIONAL_FREE_SHIPPING_FROM,
  INTERNATIONAL_SHIPPING_FEE,
  SMALL_SALE_ITEM_PRICE_BELOW,
} from '~/domain/shipping'

const SITE = 'https://shop.example.com'

const boot = (overrides: Partial<BootState> = {}, config: Partial<BootState['config']> = {}) =>
  testBootState(overrides, { siteUrl: SITE, ...config })

/** An EAN-13 with a right check digit. */
const ean = (twelve: string) => `${twelve}${gtinCheckDigit(twelve)}`

const image = (n: number) => ({ path: `products/linen-wrap-dress/${n}.svg`, width: 1200, height: 1600, alt: 'Dress' })

/** A dress in two colours, three sizes of the shown one; 1,290 THB (THB prices in satang). */
function dress(overrides: Partial<ProductDetail> = {}): ProductDetail {
  const summary = { slug: 'black', name: 'Black', hex: '#000000' }
  return {
    id: 'linen-wrap-dress-1001',
    familyId: 'linen-wrap-dress-1001',
    name: 'Linen Wrap Dress',
    category: { slug: 'dresses', name: 'Dresses' },
    gender: 'women',
    color: summary,
    colors: [
      { ...summary, productId: 'linen-wrap-dress-1001', sizes: ['S', 'M', 'L'] },
      { slug: 'sand', name: 'Sand', hex: '#d8c8a8', productId: 'linen-wrap-dress-1002', sizes: ['S', 'M'] },
    ],
    price: { amount: 1_290_00, currency: 'thb' },
    compareAtPrice: null,
    tags: [],
    image: image(1),
    hoverImage: image(2),
    availableOnline: true,
    sizes: [],
    description: 'A wrap dress in washed linen.',
    material: 'Linen',
    care: [],
    sizeChart: null,
    images: [image(1), image(2)],
    variants: [
      {
        sku: 'LWD-BLK-S',
        size: 'S',
        barcode: ean('885000000001'),
        availableOnline: true,
        lowStock: false,
        availableInStore: true,
      },
      {
        sku: 'LWD-BLK-M',
        size: 'M',
        barcode: ean('885000000002'),
        availableOnline: false,
        lowStock: false,
        availableInStore: true,
      },
      {
        sku: 'LWD-BLK-L',
        size: 'L',
        barcode: ean('885000000003'),
        availableOnline: false,
        lowStock: false,
        availableInStore: false,
      },
    ],
    domesticOnly: false,
    availableInStore: true,
    matchWith: [],
    youMayAlsoLike: [],
    mixMatchBundles: [],
    ...overrides,
  }
}

type Ld = Record<string, unknown> & {
  hasVariant: Array<Record<string, unknown> & { offers: Offer }>
}
type Offer = Record<string, unknown> & {
  price: number
  priceCurrency: string
  priceSpecification?: Record<string, unknown>
  shippingDetails: Array<{
    shippingDestination: unknown
    shippingRate: { value: number; currency: string }
    deliveryTime: {
      handlingTime: { minValue: number; maxValue: number }
      transitTime: { minValue: number; maxValue: number }
    }
  }>
  hasMerchantReturnPolicy: Array<Record<string, unknown>>
}

const labels = { oneSize: 'One size' }
const group = (product: ProductDetail, state = boot()) => productGroupLd(product, state, labels) as Ld
const firstOffer = (product: ProductDetail, state = boot()) => {
  const offer = group(product, state).hasVariant[0]?.offers
  if (!offer) throw new Error('no offer')
  return offer
}

describe('productGroupLd (Google: product variants and merchant listings)', () => {
  it('is a ProductGroup with every required and recommended field, each size a Product with its own offer', () => {
    const ld = group(dress())
    expect(checkStructuredData(ld)).toEqual([])
    expect(ld).toMatchObject({
      '@type': 'ProductGroup',
      productGroupID: 'linen-wrap-dress-1001',
      name: 'Linen Wrap Dress',
      description: 'A wrap dress in washed linen.',
      url: `${SITE}/product/linen-wrap-dress-1001`,
      brand: { '@type': 'Brand', name: 'ATELIER SIAM' },
      variesBy: ['https://schema.org/size', 'https://schema.org/color'],
    })
    const [small, medium, large, sand] = ld.hasVariant
    expect(small).toMatchObject({
      '@type': 'Product',
      sku: 'LWD-BLK-S',
      gtin13: ean('885000000001'),
      size: 'S',
      color: 'Black',
      inProductGroupWithID: 'linen-wrap-dress-1001',
      image: [expect.stringMatching(/^https:\/\/shop\.example\.com\/.+fm=jpeg/), expect.any(String)],
      offers: {
        '@type': 'Offer',
        url: `${SITE}/product/linen-wrap-dress-1001?size=S`,
        price: 1290,
        priceCurrency: 'THB',
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/NewCondition',
      },
    })
    expect(medium?.offers.availability).toBe('https://schema.org/InStoreOnly')
    expect(large?.offers.availability).toBe('https://schema.org/OutOfStock')
    // The other colour has a page of its own: named by its URL.
    expect(sand).toEqual({ '@type': 'Product', url: `${SITE}/product/linen-wrap-dress-1001?color=sand` })
    expect(ld.hasVariant).toHaveLength(4)
  })

  it('speaks the page language and currency: English URLs, USD prices', () => {
    const usd = dress({ price: { amount: 39_00, currency: 'usd' } })
    const offer = firstOffer(usd, boot({ locale: 'en' }))
    expect(offer).toMatchObject({
      price: 39,
      priceCurrency: 'USD',
      url: `${SITE}/en/product/linen-wrap-dress-1001?size=S`,
    })
    expect(offer.shippingDetails.every((details) => details.shippingRate.currency === 'USD')).toBe(true)
    expect(checkStructuredData(group(usd, boot({ locale: 'en' })))).toEqual([])
  })

  it('a sale: the price is the sale price, the price before it a StrikethroughPrice', () => {
    const offer = firstOffer(
      dress({
        tags: ['sale'],
        price: { amount: 890_00, currency: 'thb' },
        compareAtPrice: { amount: 1_290_00, currency: 'thb' },
      }),
    )
    expect(offer.price).toBe(890)
    expect(offer.priceSpecification).toEqual({
      '@type': 'UnitPriceSpecification',
      priceType: 'https://schema.org/StrikethroughPrice',
      price: 1290,
      priceCurrency: 'THB',
    })
    expect(firstOffer(dress()).priceSpecification).toBeUndefined()
  })

  it('a barcode with a wrong check digit is left out, and the checker says gtin13 is missing', () => {
    const bad = dress()
    const [first, ...rest] = bad.variants
    if (!first?.barcode) throw new Error('no variant with a barcode')
    const barcode = `${first.barcode.slice(0, 12)}${(Number(first.barcode[12]) + 1) % 10}`
    const ld = group({ ...bad, variants: [{ ...first, barcode }, ...rest] })
    expect(ld.hasVariant[0]?.gtin13).toBeUndefined()
    expect(checkStructuredData(ld)).toEqual(['$(ProductGroup).hasVariant[0].gtin13: missing (recommended)'])
  })

  it('a family of one colour in one size is a plain Product, with the description and brand of its own', () => {
    const ring = dress({
      category: { slug: 'jewelry', name: 'Jewelry' },
      colors: [{ slug: 'black', name: 'Black', hex: '#000', productId: 'linen-wrap-dress-1001', sizes: ['OS'] }],
      variants: [
        {
          sku: 'RING-OS',
          size: 'OS',
          barcode: ean('885000000009'),
          availableOnline: true,
          lowStock: true,
          availableInStore: false,
        },
      ],
    })
    const ld = productGroupLd(ring, boot(), labels)
    expect(ld['@type']).toBe('Product')
    expect(ld).toMatchObject({
      name: 'Linen Wrap Dress',
      size: 'One size',
      description: 'A wrap dress in washed linen.',
    })
    expect(ld.inProductGroupWithID).toBeUndefined()
    expect(checkStructuredData(ld)).toEqual([])
  })

  it('closes the script safely: a name holding </script> stays inside the JSON', () => {
    const hostile = dress({ name: 'Dress</script><script>alert(1)</script>', description: '<!-- x --> & "quotes"' })
    const text = productJsonLd(hostile, boot(), labels)
    expect(text).not.toContain('<')
    expect(text).toContain('\\u003c/script>')
    const parsed = JSON.parse(text) as { name: string; description: string }
    expect(parsed.name).toBe('Dress</script><script>alert(1)</script>')
    expect(parsed.description).toBe('<!-- x --> & "quotes"')
    expect(serializeJsonLd({ a: '</SCRIPT >' })).toBe('{"a":"\\u003c/SCRIPT >"}')
  })
})

describe('shippingDetails, from the delivery rules of §9 (src/domain/pricing.ts)', () => {
  const rates = (offer: Offer) => offer.shippingDetails.map((details) => details.shippingRate.value)

  it('free within Thailand; abroad the international fee below the threshold; 3–7 working days in two parts', () => {
    const offer = firstOffer(dress())
    expect(offer.shippingDetails).toHaveLength(2)
    const [domestic, international] = offer.shippingDetails
    expect(domestic?.shippingDestination).toEqual({ '@type': 'DefinedRegion', addressCountry: 'TH' })
    expect(international?.shippingDestination).toEqual(
      INTERNATIONAL_COUNTRIES.map((country) => ({ '@type': 'DefinedRegion', addressCountry: country })),
    )
    expect(INTERNATIONAL_COUNTRIES).not.toContain('TH')
    expect(INTERNATIONAL_COUNTRIES).toContain('US')
    // 1,290 THB is under the threshold (2,450 THB at 35 THB/USD).
    expect(1_290_00).toBeLessThan(INTERNATIONAL_FREE_SHIPPING_FROM.thb)
    expect(rates(offer)).toEqual([0, INTERNATIONAL_SHIPPING_FEE.thb / 100])
    const time = domestic?.deliveryTime
    expect(time?.handlingTime).toMatchObject({
      minValue: HANDLING_WORKING_DAYS.min,
      maxValue: HANDLING_WORKING_DAYS.max,
    })
    expect((time?.handlingTime.minValue ?? 0) + (time?.transitTime.minValue ?? 0)).toBe(
      COURIER_DELIVERY_WORKING_DAYS.min,
    )
    expect((time?.handlingTime.maxValue ?? 0) + (time?.transitTime.maxValue ?? 0)).toBe(
      COURIER_DELIVERY_WORKING_DAYS.max,
    )
    expect(domestic?.deliveryTime).toMatchObject({
      businessDays: {
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].map((day) => `https://schema.org/${day}`),
      },
    })
  })

  it('free abroad from the threshold', () => {
    const dear = dress({ price: { amount: INTERNATIONAL_FREE_SHIPPING_FROM.usd, currency: 'usd' } })
    expect(rates(firstOffer(dear))).toEqual([0, 0])
    const cheap = dress({ price: { amount: INTERNATIONAL_FREE_SHIPPING_FROM.usd - 1, currency: 'usd' } })
    expect(rates(firstOffer(cheap))).toEqual([0, INTERNATIONAL_SHIPPING_FEE.usd / 100])
  })

  it('the small-item fee within Thailand for a club item and a sale item under 500 THB, not for a dearer sale item', () => {
    expect(rates(firstOffer(dress({ tags: ['club'] })))[0]).toBe(DOMESTIC_SMALL_ITEM_FEE.thb / 100)
    const under = SMALL_SALE_ITEM_PRICE_BELOW.thb - 10_00
    const sale = (amount: number) =>
      dress({
        tags: ['sale'],
        price: { amount, currency: 'thb' },
        compareAtPrice: { amount: amount * 2, currency: 'thb' },
      })
    expect(rates(firstOffer(sale(under)))[0]).toBe(DOMESTIC_SMALL_ITEM_FEE.thb / 100)
    expect(rates(firstOffer(sale(SMALL_SALE_ITEM_PRICE_BELOW.thb)))[0]).toBe(0)
  })

  it('shoes ship only within Thailand: no international shipping and no international return policy', () => {
    const shoes = dress({ category: { slug: 'shoes', name: 'Shoes' }, domesticOnly: true })
    const offer = firstOffer(shoes)
    expect(offer.shippingDetails).toHaveLength(1)
    expect(offer.shippingDetails[0]?.shippingDestination).toEqual({ '@type': 'DefinedRegion', addressCountry: 'TH' })
    expect(offer.hasMerchantReturnPolicy).toHaveLength(1)
    // The category alone is enough: the checkout refuses shoes abroad whatever the flag says.
    expect(firstOffer(dress({ category: { slug: 'shoes', name: 'Shoes' } })).shippingDetails).toHaveLength(1)
    expect(checkStructuredData(group(shoes))).toEqual([])
  })
})

describe('hasMerchantReturnPolicy, from the return rules (src/domain/returns.ts)', () => {
  it('within Thailand a finite window by post, the shopper paying; abroad not permitted', () => {
    const [domestic, international] = firstOffer(dress()).hasMerchantReturnPolicy
    expect(domestic).toEqual({
      '@type': 'MerchantReturnPolicy',
      applicableCountry: 'TH',
      returnPolicyCountry: 'TH',
      returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
      merchantReturnDays: RETURN_WINDOW_DAYS,
      returnMethod: 'https://schema.org/ReturnByMail',
      returnFees: 'https://schema.org/ReturnFeesCustomerResponsibility',
      merchantReturnLink: `${SITE}/delivery`,
    })
    expect(international).toMatchObject({
      applicableCountry: INTERNATIONAL_COUNTRIES,
      returnPolicyCategory: 'https://schema.org/MerchantReturnNotPermitted',
    })
  })

  it.each([
    ['a sale item', { tags: ['sale' as const], compareAtPrice: { amount: 2_000_00, currency: 'thb' as const } }],
    ['jewelry', { category: { slug: 'jewelry', name: 'Jewelry' } }],
    ['accessories', { category: { slug: 'accessories', name: 'Accessories' } }],
  ])('%s cannot be returned', (_name, overrides) => {
    const [domestic] = firstOffer(dress(overrides)).hasMerchantReturnPolicy
    expect(domestic).toMatchObject({
      applicableCountry: 'TH',
      returnPolicyCategory: 'https://schema.org/MerchantReturnNotPermitted',
    })
    expect(domestic?.merchantReturnDays).toBeUndefined()
  })
})

describe('Organization and WebSite (home)', () => {
  it('name, home page, logo and description; the LINE account as sameAs only when configured', () => {
    const ld = organizationLd(boot(), 'Clothing from Bangkok.')
    expect(checkStructuredData(ld)).toEqual([])
    expect(ld).toMatchObject({
      '@type': 'Organization',
      name: 'ATELIER SIAM',
      url: `${SITE}/`,
      logo: { url: `${SITE}/brand/logo-512.png`, width: 512, height: 512 },
    })
    expect(ld.sameAs).toBeUndefined()
    const line = organizationLd(boot({}, { lineOfficialAccount: '@ateliersiam' }), 'x')
    expect(line.sameAs).toEqual(['https://line.me/R/ti/p/%40ateliersiam'])
    expect(checkStructuredData(line)).toEqual([])
  })

  it('searches in the page language', () => {
    const th = webSiteLd(boot())
    expect(checkStructuredData(th)).toEqual([])
    expect(th).toMatchObject({
      '@type': 'WebSite',
      name: 'ATELIER SIAM',
      url: `${SITE}/`,
      inLanguage: 'th-TH',
      potentialAction: {
        '@type': 'SearchAction',
        target: { urlTemplate: `${SITE}/search?q={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    })
    expect(webSiteLd(boot({ locale: 'en' }))).toMatchObject({
      inLanguage: 'en-US',
      potentialAction: { target: { urlTemplate: `${SITE}/en/search?q={search_term_string}` } },
    })
  })
})

describe('Store per shop (/stores)', () => {
  const hours = (closes: string, late: string) =>
    [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, opens: '10:00', closes: day === 5 || day === 6 ? late : closes }))
  const store: Store = {
    id: 'iconsiam',
    name: 'ICONSIAM',
    address: '2nd Floor, ICONSIAM, 299 Charoen Nakhon Road, Khlong Ton Sai, Khlong San, Bangkok 10600',
    city: 'Bangkok',
    latitude: 13.7266,
    longitude: 100.5103,
    phone: '02-288-0176',
    hours: hours('22:00', '22:30'),
    mapUrl: 'https://www.google.com/maps/search/?api=1&query=13.726600,100.510300',
  }

  it('address, coordinates, opening hours grouped by times, an international telephone and its URL', () => {
    const ld = storesLd([store], boot({ locale: 'en' }))
    expect(checkStructuredData(ld)).toEqual([])
    expect(typesIn(ld)).toContain('Store')
    expect((ld['@graph'] as unknown[])[0]).toMatchObject({
      '@type': 'Store',
      name: 'ATELIER SIAM ICONSIAM',
      url: `${SITE}/en/stores#store-iconsiam`,
      telephone: '+66-2-288-0176',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '2nd Floor, ICONSIAM, 299 Charoen Nakhon Road, Khlong Ton Sai, Khlong San, Bangkok',
        addressLocality: 'Bangkok',
        postalCode: '10600',
        addressCountry: 'TH',
      },
      geo: { '@type': 'GeoCoordinates', latitude: 13.7266, longitude: 100.5103 },
      openingHoursSpecification: [
        {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Sunday'].map((day) => `https://schema.org/${day}`),
          opens: '10:00',
          closes: '22:00',
        },
        {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: ['https://schema.org/Friday', 'https://schema.org/Saturday'],
          opens: '10:00',
          closes: '22:30',
        },
      ],
    })
  })

  it('a closed day has no entry, and a Thai phone number gets the country code', () => {
    const closedSunday = { ...store, hours: store.hours.filter((entry) => entry.day !== 0) }
    const [only] = storesLd([closedSunday], boot())['@graph'] as Array<{
      openingHoursSpecification: Array<{ dayOfWeek: string[] }>
    }>
    expect(only?.openingHoursSpecification.flatMap((spec) => spec.dayOfWeek)).not.toContain('https://schema.org/Sunday')
    expect(internationalPhone('053-288-915')).toBe('+66-53-288-915')
    expect(internationalPhone('+66 2 000 0000')).toBe('+66 2 000 0000')
  })
})

describe('BreadcrumbList', () => {
  it('positions from 1, names and absolute URLs in the page language', () => {
    const ld = breadcrumbLd(
      [
        { name: 'Home', link: { to: '/' } },
        { name: 'Dresses', link: { to: '/category/$name', params: { name: 'dresses' } } },
      ],
      boot({ locale: 'en' }),
    )
    expect(checkStructuredData(ld)).toEqual([])
    expect(ld.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${SITE}/en` },
      { '@type': 'ListItem', position: 2, name: 'Dresses', item: `${SITE}/en/category/dresses` },
    ])
  })
})
