import { describe, expect, it } from 'vitest'
import { checkStructuredData, jsonLdOfHtml, typesIn } from './structured-data-check'

/** A complete merchant-listing variant group, as Google documents it; each test breaks one thing. */
function complete() {
  const offer = {
    '@type': 'Offer',
    url: 'https://shop.example.com/product/p?size=M',
    price: 890,
    priceCurrency: 'THB',
    priceSpecification: {
      '@type': 'UnitPriceSpecification',
      priceType: 'https://schema.org/StrikethroughPrice',
      price: 1290,
      priceCurrency: 'THB',
    },
    availability: 'https://schema.org/InStock',
    itemCondition: 'https://schema.org/NewCondition',
    shippingDetails: [
      {
        '@type': 'OfferShippingDetails',
        shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'TH' },
        shippingRate: { '@type': 'MonetaryAmount', value: 0, currency: 'THB' },
        deliveryTime: {
          '@type': 'ShippingDeliveryTime',
          handlingTime: { '@type': 'QuantitativeValue', minValue: 0, maxValue: 1, unitCode: 'DAY' },
          transitTime: { '@type': 'QuantitativeValue', minValue: 3, maxValue: 6, unitCode: 'DAY' },
        },
      },
    ],
    hasMerchantReturnPolicy: [
      {
        '@type': 'MerchantReturnPolicy',
        applicableCountry: 'TH',
        returnPolicyCountry: 'TH',
        returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
        merchantReturnDays: 7,
        returnMethod: 'https://schema.org/ReturnByMail',
        returnFees: 'https://schema.org/ReturnFeesCustomerResponsibility',
      },
    ],
  }
  return {
    '@context': 'https://schema.org',
    '@type': 'ProductGroup',
    productGroupID: 'p',
    name: 'Dress',
    description: 'A dress.',
    url: 'https://shop.example.com/product/p',
    brand: { '@type': 'Brand', name: 'ATELIER SIAM' },
    variesBy: ['https://schema.org/size'],
    hasVariant: [
      {
        '@type': 'Product',
        name: 'Dress (M)',
        sku: 'P-M',
        gtin13: '4006381333931',
        size: 'M',
        color: 'Black',
        image: ['https://shop.example.com/images/p.jpg'],
        inProductGroupWithID: 'p',
        offers: offer,
      },
    ],
  }
}

type Group = ReturnType<typeof complete>
const variant = (group: Group) => group.hasVariant[0] as Record<string, unknown> & { offers: Record<string, unknown> }

describe('checkStructuredData', () => {
  it('finds nothing wrong in a complete group', () => {
    expect(checkStructuredData(complete())).toEqual([])
  })

  it.each<[string, (group: Group) => void, string]>([
    [
      'productGroupID',
      (group) => Reflect.deleteProperty(group, 'productGroupID'),
      '$(ProductGroup).productGroupID: missing (required)',
    ],
    ['variesBy', (group) => (group.variesBy = ['https://schema.org/weight']), '$(ProductGroup).variesBy: malformed'],
    [
      'a variant without the size it varies by',
      (group) => Reflect.deleteProperty(variant(group), 'size'),
      '.hasVariant[0].size: missing (required)',
    ],
    ['a price with a currency symbol', (group) => (variant(group).offers.price = '฿890'), '.offers.price: malformed'],
    [
      'a lower-case currency',
      (group) => (variant(group).offers.priceCurrency = 'thb'),
      '.offers.priceCurrency: malformed',
    ],
    [
      'an availability of no such value',
      (group) => (variant(group).offers.availability = 'https://schema.org/Yes'),
      '.offers.availability: malformed',
    ],
    [
      'a strikethrough price under the price',
      (group) => (variant(group).offers.price = 2000),
      'a struck-through price must be higher',
    ],
    ['a wrong GTIN check digit', (group) => (variant(group).gtin13 = '4006381333932'), '.gtin13: malformed'],
    [
      'no shipping details',
      (group) => Reflect.deleteProperty(variant(group).offers, 'shippingDetails'),
      '.offers.shippingDetails: missing (recommended)',
    ],
    [
      'no return policy',
      (group) => Reflect.deleteProperty(variant(group).offers, 'hasMerchantReturnPolicy'),
      '.offers.hasMerchantReturnPolicy: missing (recommended)',
    ],
    ['an image path that is not absolute', (group) => (variant(group).image = ['/images/p.jpg']), '.image: malformed'],
    [
      'a variant of another group',
      (group) => (variant(group).inProductGroupWithID = 'q'),
      '.inProductGroupWithID: malformed',
    ],
  ])('reports %s', (_name, breakIt, problem) => {
    const group = complete()
    breakIt(group)
    const problems = checkStructuredData(group)
    expect(
      problems.some((text) => text.includes(problem)),
      problems.join('\n'),
    ).toBe(true)
  })

  it('checks shipping and returns inside the offer', () => {
    const group = complete()
    const offer = variant(group).offers as {
      shippingDetails: Array<Record<string, unknown>>
      hasMerchantReturnPolicy: Array<Record<string, unknown>>
    }
    offer.shippingDetails[0] = {
      ...offer.shippingDetails[0],
      shippingRate: { value: 0, currency: 'USD' },
      deliveryTime: {},
    }
    Reflect.deleteProperty(offer.hasMerchantReturnPolicy[0] ?? {}, 'merchantReturnDays')
    expect(checkStructuredData(group)).toEqual([
      expect.stringMatching(/shippingDetails\[0\]\.shippingRate\.currency: malformed/),
      expect.stringMatching(/shippingDetails\[0\]\.deliveryTime\.handlingTime: missing \(recommended\)/),
      expect.stringMatching(/shippingDetails\[0\]\.deliveryTime\.transitTime: missing \(recommended\)/),
      expect.stringMatching(/hasMerchantReturnPolicy\[0\]\.merchantReturnDays: missing \(required\)/),
    ])
  })

  it('a return policy that permits no return needs only its countries and category; 50 countries at most', () => {
    const group = complete()
    const offer = variant(group).offers
    offer.hasMerchantReturnPolicy = [
      {
        '@type': 'MerchantReturnPolicy',
        applicableCountry: ['US', 'GB'],
        returnPolicyCategory: 'https://schema.org/MerchantReturnNotPermitted',
      },
    ]
    expect(checkStructuredData(group)).toEqual([])
    offer.hasMerchantReturnPolicy = [
      {
        applicableCountry: Array.from({ length: 51 }, () => 'US'),
        returnPolicyCategory: 'https://schema.org/MerchantReturnNotPermitted',
      },
    ]
    expect(checkStructuredData(group)).toEqual([expect.stringMatching(/applicableCountry: malformed/)])
  })

  it('Store, WebSite, Organization and breadcrumbs: their own required fields', () => {
    expect(checkStructuredData({ '@type': 'Store', name: 'Shop' })).toEqual(
      expect.arrayContaining([
        '$(Store).address: missing (required)',
        '$(Store).geo.latitude: missing (recommended)',
        '$(Store).openingHoursSpecification: missing (recommended)',
        '$(Store).telephone: missing (recommended)',
      ]),
    )
    expect(
      checkStructuredData({
        '@type': 'WebSite',
        name: 'Shop',
        url: 'https://shop.example.com/',
        potentialAction: {
          '@type': 'SearchAction',
          target: 'https://shop.example.com/search?q={query}',
          'query-input': 'required name=search_term_string',
        },
      }),
    ).toEqual([expect.stringMatching(/target must be an absolute URL holding \{search_term_string\}/)])
    expect(checkStructuredData({ '@type': 'Organization', name: 'Shop', url: 'https://shop.example.com/' })).toEqual([
      '$(Organization).logo: missing (recommended)',
      '$(Organization).description: missing (recommended)',
    ])
    expect(
      checkStructuredData({
        '@type': 'BreadcrumbList',
        itemListElement: [
          { position: 2, name: 'Home', item: '/' },
          { position: 2, name: 'Here' },
        ],
      }),
    ).toEqual([
      '$(BreadcrumbList).itemListElement[0].position: malformed 2',
      '$(BreadcrumbList).itemListElement[0].item: malformed "/"',
    ])
    expect(checkStructuredData({ '@type': 'Thing' })).toEqual(['$: a type no check knows: "Thing"'])
  })

  it('reads every JSON-LD script of a page, arrays and graphs included', () => {
    const html = `<head><script type="application/ld+json">{"@type":"Organization"}</script></head><body>
      <script nonce="x" type="application/ld+json">[{"@type":"WebSite"},{"@graph":[{"@type":"Store"}]}]</script>
      <script type="application/json">{"@type":"Product"}</script></body>`
    const documents = jsonLdOfHtml(html)
    expect(documents).toHaveLength(2)
    expect(typesIn(documents)).toEqual(['Organization', 'WebSite', 'Store'])
  })
})
