import { describe, expect, it } from 'vitest'
import { SELLER } from '~/brand'
import { ORDER_MAIL_KINDS, type OrderMailKind } from '~/db/schema'
import { mailI18n } from './i18n.server'
import { escapeHtml, safeHttpUrl } from './layout'
import {
  renderOrderMail,
  statusLineText,
  type MailContext,
  type MailLocale,
  type MailOrder,
  type OrderMail,
} from './templates'

const BANK = {
  bankName: { en: 'Kasikornbank', th: 'ธนาคารกสิกรไทย' },
  accountName: SELLER.legalName,
  accountNumber: '123-4-56789-0',
  promptPayId: '0812345678',
}

function order(overrides: Partial<MailOrder> = {}): MailOrder {
  return {
    number: 'AS2611-00042',
    email: 'nok@example.com',
    status: 'awaiting_payment',
    createdAt: '2026-11-22T03:00:00.000Z',
    currency: 'thb',
    subtotal: 379_000,
    discount: 20_000,
    // As an order without discount lines (they came with issue 29): its one sum is shown.
    discounts: [],
    shippingFee: 5_000,
    shippingReason: 'club',
    total: 364_000,
    vatIncluded: 23_813,
    promotionCode: 'NEW200',
    shippingMethod: 'courier',
    storeName: null,
    address: {
      firstname: 'Nok',
      lastname: 'Jaidee',
      telephoneNumber: '+66812345678',
      email: 'nok@example.com',
      taxId: '',
      address: '99 Rama I Road',
      address2: '',
      country: 'TH',
      postcode: '10330',
      subDistrict: 'Pathum Wan',
      district: 'Pathum Wan',
      province: 'Bangkok',
    },
    paymentMethod: 'bank_transfer',
    items: [
      { name: 'Linen shirt', size: 'M', quantity: 2, lineTotal: 258_000 },
      { name: 'Canvas tote', size: 'OS', quantity: 1, lineTotal: 121_000 },
    ],
    pageUrl: 'https://shop.example/order/AS2611-00042',
    ...overrides,
  }
}

async function render(locale: MailLocale, mail: OrderMail, overrides: Partial<MailOrder> = {}) {
  const context: MailContext = {
    locale,
    order: order(overrides),
    bank: BANK,
    brand: 'ATELIER SIAM',
    shopUrl: locale === 'en' ? 'https://shop.example/en' : 'https://shop.example/',
  }
  return renderOrderMail(await mailI18n(locale), mail, context)
}

/** What a reader sees of the HTML part: the text without tags and entities decoded (the ones escapeHtml writes). */
function visible(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&')
    .replace(/\s+/g, ' ')
}

const PLACED: OrderMail = { kind: 'order_placed', data: { paymentDeadline: '2026-11-25T11:00:00.000Z' } }

describe('order placed', () => {
  it('names each discount on its own line and shows the pieces at their shelf prices, in Thai and English', async () => {
    const twoDiscounts: Partial<MailOrder> = {
      subtotal: 879_000,
      discount: 688_000,
      discounts: [
        { kind: 'mix_match', code: null, amount: 668_000 },
        { kind: 'code', code: 'NEW200', amount: 20_000 },
      ],
      shippingFee: 0,
      total: 191_000,
      vatIncluded: 12_495,
      items: [
        { name: 'Linen shirt', size: 'M', quantity: 1, lineTotal: 299_000 },
        { name: 'Silk dress', size: 'S', quantity: 1, lineTotal: 290_000 },
        { name: 'Canvas tote', size: 'OS', quantity: 1, lineTotal: 290_000 },
      ],
    }
    const thai = await render('th', PLACED, twoDiscounts)
    const english = await render('en', PLACED, twoDiscounts)
    for (const part of [visible(thai.html), thai.text]) {
      expect(part).toMatch(/มิกซ์แอนด์แมทช์:? −฿6,680/)
      expect(part).toMatch(/โค้ดส่วนลด NEW200:? −฿200/)
      expect(part).toContain('฿2,990')
      expect(part).not.toContain('−฿6,880')
    }
    for (const part of [visible(english.html), english.text]) {
      expect(part).toMatch(/Mix and match:? −฿6,680/)
      expect(part).toMatch(/Discount code NEW200:? −฿200/)
      expect(part).not.toContain('Discount (NEW200)')
      expect(part).not.toContain('−฿6,880')
    }
  })

  it('says why a shipping fee is charged, as the order page does (issue 29 item 8), and nothing when there is none', async () => {
    const thai = await render('th', PLACED, { shippingReason: 'club' })
    const english = await render('en', PLACED, { shippingReason: 'smallSaleItem' })
    const abroad = await render('en', PLACED, { shippingReason: 'international', shippingFee: 90_000 })
    const free = await render('en', PLACED, { shippingReason: null, shippingFee: 0 })
    for (const part of [visible(thai.html), thai.text]) {
      expect(part).toContain('มีสินค้าคลับในคำสั่งซื้อ: สินค้าคลับมีค่าจัดส่ง ฿50 ภายในประเทศไทย')
    }
    for (const part of [visible(english.html), english.text]) {
      expect(part).toMatch(/A sale item under ฿[\d,]+ is in the order: it pays a ฿50 delivery fee within Thailand\./)
    }
    expect(abroad.text).toMatch(/International delivery: free from ฿[\d,]+\./)
    for (const part of [visible(free.html), free.text]) {
      expect(part).not.toMatch(/delivery fee|International delivery/)
    }
  })

  it('is in Thai for a Thai order: Buddhist-era date, baht, bank details and the deadline in Bangkok time', async () => {
    const mail = await render('th', PLACED)
    expect(mail.subject).toBe('ขอบคุณสำหรับคำสั่งซื้อ AS2611-00042')
    expect(mail.html).toMatch(/^<!DOCTYPE html>\n<html lang="th"/)
    expect(mail.html).toContain('<title>ขอบคุณสำหรับคำสั่งซื้อ AS2611-00042</title>')
    expect(mail.html).toContain('href="https://shop.example/order/AS2611-00042"')
    expect(mail.text).toContain('ดูคำสั่งซื้อของคุณ: https://shop.example/order/AS2611-00042')
    for (const part of [visible(mail.html), mail.text]) {
      // 22 November 2026 is 2569 in the Buddhist era.
      expect(part).toContain('เราได้รับคำสั่งซื้อ AS2611-00042 ของคุณเมื่อวันที่ 22 พฤศจิกายน 2569 แล้ว')
      expect(part).toContain('กรุณาโอน ฿3,640 มาที่บัญชีนี้:')
      expect(part).toContain('123-4-56789-0')
      // The bank and the account holder by their Thai names (issue 29).
      expect(part).toContain('ธนาคารกสิกรไทย')
      expect(part).toContain(SELLER.legalName.th)
      expect(part).not.toMatch(/Kasikornbank|Co\., Ltd\./)
      expect(part).toContain('0812345678')
      // 11:00 UTC is 18:00 in Bangkok.
      expect(part).toMatch(/กรุณาชำระเงินภายใน 25 พ\.ย\. 2569 18:00/)
      expect(part).toContain('Linen shirt')
      expect(part).toContain('ไซซ์ M · จำนวน 2')
      expect(part).toContain('ฟรีไซซ์ · จำนวน 1')
      expect(part).not.toContain('ไซซ์ ฟรีไซซ์')
      expect(part).toContain('฿2,580')
      expect(part).toContain('ส่วนลด (NEW200)')
      expect(part).toContain('−฿200')
      expect(part).toContain('ยอดรวมทั้งหมด')
      expect(part).toContain('รวมภาษีมูลค่าเพิ่ม ฿238.13')
      expect(part).toContain('99 Rama I Road')
      expect(part).toContain('โอนเงินผ่านธนาคารหรือพร้อมเพย์')
      expect(part).toContain('อีเมลฉบับนี้ส่งถึง nok@example.com เกี่ยวกับคำสั่งซื้อ AS2611-00042')
      expect(part).not.toMatch(/Thank you|Please transfer|Subtotal/)
    }
  })

  it('names the bank and the account holder in English for an English order (issue 29)', async () => {
    const mail = await render('en', PLACED)
    for (const part of [visible(mail.html), mail.text]) {
      expect(part).toContain('Kasikornbank')
      expect(part).toContain(SELLER.legalName.en)
      expect(part).not.toMatch(/ธนาคาร|บริษัท/)
    }
  })

  it('is in English for an English order, in its currency', async () => {
    const mail = await render('en', PLACED, {
      currency: 'usd',
      subtotal: 3_900,
      discount: 0,
      promotionCode: null,
      shippingFee: 0,
      total: 3_900,
      vatIncluded: 255,
      paymentMethod: 'card',
      items: [{ name: 'Silk scarf', size: 'OS', quantity: 1, lineTotal: 3_900 }],
    })
    expect(mail.subject).toBe('Thank you for your order AS2611-00042')
    expect(mail.html).toMatch(/<html lang="en"/)
    for (const part of [visible(mail.html), mail.text]) {
      expect(part).toContain('We have received your order AS2611-00042 of 22 November 2026.')
      expect(part).toContain('$39.00')
      expect(part).toContain('One size · Quantity 1')
      expect(part).not.toContain('Size One size')
      expect(part).toContain('Shipping')
      expect(part).toContain('Free')
      expect(part).toContain('Credit or debit card')
      expect(part).toContain('We will write again when your payment is received.')
      // No bank transfer for a card order, and no discount row without a discount.
      expect(part).not.toContain('Please transfer')
      expect(part).not.toContain('Discount')
    }
  })

  it('leaves out the transfer request once the order is paid, and says the order is kept without a deadline', async () => {
    const paid = await render('en', PLACED, { status: 'paid' })
    expect(paid.text).not.toContain('Please transfer')
    expect(paid.text).not.toContain('We will write again when your payment is received.')
    const open = await render('en', { kind: 'order_placed', data: { paymentDeadline: null } })
    expect(open.text).toContain('Please transfer ฿3,640 to this account:')
    expect(open.text).toContain('Your order is kept for you until we receive the payment.')
    expect(open.text).not.toContain('Please pay by')
  })

  it('names the pick-up branch instead of an address', async () => {
    const mail = await render('th', PLACED, { shippingMethod: 'pickup', storeName: 'สยามพารากอน', address: null })
    expect(mail.text).toContain('รับสินค้าที่ร้าน: สยามพารากอน')
    expect(mail.text).not.toContain('Rama I')
  })

  it('links a guest to no order page (it needs the browser that ordered)', async () => {
    const mail = await render('en', PLACED, { pageUrl: null })
    expect(mail.text).not.toContain('View your order')
    expect(mail.html).not.toContain('/order/')
  })
})

describe('HTML escaping', () => {
  it('escapes everything interpolated into the HTML part; the text part keeps it as typed', async () => {
    const hostile = '<script>alert("x")</script> & <b>bold</b>'
    const mail = await render(
      'en',
      {
        kind: 'return_accepted',
        data: {
          request: {
            id: 'r1',
            kind: 'return',
            reason: `Too small <img src=x onerror=alert(1)> 'really'`,
            items: [{ name: hostile, size: 'M"><i>', quantity: 1 }],
          },
        },
      },
      { email: 'a"<b>@example.com', number: 'AS2611-<00042>' },
    )
    expect(mail.html).not.toMatch(/<script|<img|<b>bold|<i>|onerror=alert\(1\)>/)
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;')
    expect(mail.html).toContain('Too small &lt;img src=x onerror=alert(1)&gt; &#39;really&#39;')
    expect(mail.html).toContain('a&quot;&lt;b&gt;@example.com')
    expect(mail.html).toContain('<title>Your return for order AS2611-&lt;00042&gt; is accepted</title>')
    expect(mail.text).toContain(hostile)
    expect(mail.subject).toBe('Your return for order AS2611-<00042> is accepted')
  })

  it('links tracking pages only over http(s), with the URL escaped', async () => {
    const mail = await render(
      'en',
      {
        kind: 'shipped',
        data: {
          shipments: [
            {
              carrier: 'thailand-post',
              carrierName: 'Thailand Post',
              trackingNumber: 'EF123456789TH',
              url: 'https://track.thailandpost.co.th/?trackNumber=EF123456789TH&lang=en',
              createdAt: '2026-11-23T02:00:00.000Z',
            },
            {
              carrier: 'evil',
              carrierName: 'Evil "Carrier"',
              trackingNumber: 'X1',
              url: 'javascript:alert(document.cookie)',
              createdAt: '2026-11-23T02:00:00.000Z',
            },
          ],
        },
      },
      { status: 'in_transit' },
    )
    expect(mail.html).toContain('href="https://track.thailandpost.co.th/?trackNumber=EF123456789TH&amp;lang=en"')
    expect(mail.html).not.toContain('javascript:')
    expect(mail.html).toContain('Evil &quot;Carrier&quot;, tracking number X1')
    expect(mail.text).toContain(
      'Track parcel EF123456789TH: https://track.thailandpost.co.th/?trackNumber=EF123456789TH&lang=en',
    )
    expect(mail.text).not.toContain('Track parcel X1')
    expect(mail.text).not.toContain('javascript:')
  })

  it('escapes the characters that matter in content and attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;',
    )
    expect(safeHttpUrl('https://example.com/a b')).toBe('https://example.com/a%20b')
    expect(safeHttpUrl('data:text/html,<script>')).toBeNull()
    expect(safeHttpUrl('not a url')).toBeNull()
    expect(safeHttpUrl(null)).toBeNull()
  })
})

describe('every e-mail', () => {
  const MAILS: Record<OrderMailKind, OrderMail> = {
    order_placed: PLACED,
    payment_received: { kind: 'payment_received', data: {} },
    shipped: { kind: 'shipped', data: { shipments: [] } },
    return_accepted: {
      kind: 'return_accepted',
      data: {
        request: { id: 'r1', kind: 'exchange', reason: '', items: [{ name: 'Linen shirt', size: 'M', quantity: 1 }] },
      },
    },
    bank_transfer_reminder: { kind: 'bank_transfer_reminder', data: { paymentDeadline: '2026-11-25T11:00:00.000Z' } },
    order_cancelled: { kind: 'order_cancelled', data: { reason: 'payment_deadline_passed', refund: false } },
    refund: { kind: 'refund', data: { refundId: 'f1', amount: 45_000, full: false } },
  }

  it.each(ORDER_MAIL_KINDS)('%s has a subject, an HTML part and a text part in both languages', async (kind) => {
    const mail = MAILS[kind]
    const th = await render('th', mail)
    const en = await render('en', mail)
    expect(th.subject).toMatch(/[\u0E00-\u0E7F]/)
    expect(th.subject).toContain('AS2611-00042')
    expect(en.subject).toContain('AS2611-00042')
    expect(en.subject).not.toMatch(/[\u0E00-\u0E7F]/)
    expect(th.html).toMatch(/<html lang="th"/)
    expect(en.html).toMatch(/<html lang="en"/)
    for (const rendered of [th, en]) {
      // No images: the e-mail reads the same with images blocked.
      expect(rendered.html).not.toMatch(/<img|background-image|url\(/)
      expect(rendered.text).not.toMatch(/<[a-z/!]/i)
      expect(rendered.text).toContain('ATELIER SIAM')
      // The plain text holds every sentence of the HTML part (the first ones at least).
      const firstParagraph = /<p style="[^"]*">([^<]+)<\/p>/.exec(rendered.html)?.[1] ?? '?'
      expect(rendered.text).toContain(visible(firstParagraph).trim())
    }
  })

  it('has a subject of its own for each kind', async () => {
    const subjects = await Promise.all(Object.values(MAILS).map(async (mail) => (await render('en', mail)).subject))
    expect(new Set(subjects).size).toBe(subjects.length)
  })

  it('reminds with the deadline and the bank account', async () => {
    const mail = await render('en', MAILS.bank_transfer_reminder)
    expect(mail.subject).toBe('Reminder: please pay for order AS2611-00042 by 25 Nov 2026, 18:00')
    expect(mail.text).toContain('Please transfer ฿3,640 by 25 Nov 2026, 18:00')
    expect(mail.text).toContain('123-4-56789-0')
  })

  it('tells a cancelled order why, and of the refund when it was paid', async () => {
    const unpaid = await render('en', MAILS.order_cancelled)
    expect(unpaid.text).toContain('We did not receive the payment for order AS2611-00042 in time')
    expect(unpaid.text).not.toContain('refunded')
    const paid = await render('th', { kind: 'order_cancelled', data: { reason: 'shop', refund: true } })
    expect(paid.text).toContain('ขออภัย เราจำเป็นต้องยกเลิกคำสั่งซื้อ AS2611-00042 ของคุณ')
    expect(paid.text).toContain('คุณชำระเงิน ฿3,640 สำหรับคำสั่งซื้อนี้แล้ว')
    const asked = await render('en', { kind: 'order_cancelled', data: { reason: 'shopper', refund: false } })
    expect(asked.text).toContain('As you asked, your order AS2611-00042 is cancelled.')
  })

  it('tells of a refund with its amount, in the order’s language, and where the money goes back', async () => {
    const partial = await render('th', MAILS.refund)
    expect(partial.text).toContain('เราได้คืนเงิน ฿450 สำหรับคำสั่งซื้อ AS2611-00042 ของคุณแล้ว')
    expect(partial.text).toContain('บัญชีธนาคารที่คุณแจ้งไว้')
    const full = await render(
      'en',
      { kind: 'refund', data: { refundId: 'f2', amount: 364_000, full: true } },
      { paymentMethod: 'card' },
    )
    expect(full.subject).toBe('Order AS2611-00042 is refunded')
    expect(full.text).toContain('We have refunded ฿3,640 for your order AS2611-00042.')
    expect(full.text).toContain('your original payment channel')
  })

  it('words the LINE message of a status change from the same catalog', async () => {
    expect(statusLineText(await mailI18n('en'), 'AS2611-00042', 'paid')).toBe(
      'Your order AS2611-00042 has a new status: paid.',
    )
    expect(statusLineText(await mailI18n('th'), 'AS2611-00042', 'in_transit')).toBe(
      'คำสั่งซื้อ AS2611-00042 ของคุณมีสถานะใหม่: อยู่ระหว่างจัดส่ง',
    )
  })
})
