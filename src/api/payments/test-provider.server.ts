import { createHmac } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import { randomToken, sameDigest } from '~/api/accounts/crypto.server'
import type { Db } from '~/db/client.server'
import { orders, payments, type CurrencyCode } from '~/db/schema'
import type { PaymentMethod, PaymentStatus } from '~/domain/orders'
import { PaymentProviderError, type PaymentProvider } from './provider'

/** `payments.provider` of the built-in provider. */
export const TEST_PROVIDER_ID = 'test'
/** The one-time code the test 3-D Secure challenge accepts (shown on the page: it is a test). */
export const TEST_3DS_CODE = '123456'
/** `test_` and 12 random bytes as base64url. */
const TEST_REF = /^test_[A-Za-z0-9_-]{16}$/
const MAX_RETURN_URL_LENGTH = 2048

export type TestPaymentResult = 'paid' | 'failed' | 'cancelled'

/**
 * Signs the return URL carried by the test page's link, so that the page only ever sends the shopper back where
 * the shop asked (no open redirect). The ref is base64url and holds no ':', so the message is unambiguous.
 */
export function signTestReturn(secret: string, ref: string, returnUrl: string): string {
  return createHmac('sha256', secret).update(`test-payment-return:${ref}:${returnUrl}`, 'utf8').digest('hex')
}

/** Where the shopper goes back to after the page. */
type ReturnAddress = { href: string; origin: string | null }

/** The placeholder origin of a return path on this site (the storefront mounted with the API). */
const SAME_SITE = 'http://same-site.invalid'

/** A return address: an absolute http(s) URL without credentials, or a path on this site; else null. */
function safeReturnUrl(value: string): { href: string; origin: string | null } | null {
  if (value.length === 0 || value.length > MAX_RETURN_URL_LENGTH) return null
  if (value.startsWith('/')) {
    if (value.startsWith('//') || value.startsWith('/\\') || /[\u0000-\u001f\\]/.test(value)) return null
    const url = new URL(value, SAME_SITE)
    return url.origin === SAME_SITE ? { href: url.pathname + url.search + url.hash, origin: null } : null
  }
  try {
    const url = new URL(value)
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
    if (url.username !== '' || url.password !== '') return null
    return { href: url.href, origin: url.origin }
  } catch {
    return null
  }
}

/**
 * The built-in payment provider, the embedded default: no outside service, no card data. `start` sends the
 * shopper to the test payment page served by `createTestPaymentRoutes` (same secret), where they choose the
 * outcome. It has no webhooks: the page reports the outcome through its `onResult`.
 */
export function createTestPaymentProvider(options: { db: Db; baseUrl: string; secret: string }): PaymentProvider {
  const baseUrl = options.baseUrl.replace(/\/+$/, '')
  return {
    id: TEST_PROVIDER_ID,

    async start(request) {
      if (safeReturnUrl(request.returnUrl) === null) {
        throw new PaymentProviderError(
          'Test payments: the return URL must be an absolute http(s) URL or a path on this site',
          {
            provider: TEST_PROVIDER_ID,
            retryable: false,
          },
        )
      }
      const providerRef = `test_${randomToken(12)}`
      const query = new URLSearchParams({
        return: request.returnUrl,
        sig: signTestReturn(options.secret, providerRef, request.returnUrl),
      })
      return { providerRef, redirectUrl: `${baseUrl}/test-payments/${providerRef}?${query.toString()}` }
    },

    async parseWebhook() {
      return null
    },

    async status(providerRef) {
      const [row] = await options.db
        .select({ status: payments.status })
        .from(payments)
        .where(and(eq(payments.provider, TEST_PROVIDER_ID), eq(payments.providerRef, providerRef)))
        .limit(1)
      if (!row) {
        throw new PaymentProviderError('Test payments: no such payment', {
          provider: TEST_PROVIDER_ID,
          status: 404,
          retryable: false,
        })
      }
      return row.status === 'authorized' ? 'pending' : row.status
    },

    // The demo's refund (issue 31 item 7): no money moved, so it succeeds at once; the same refund asked twice has
    // one reference, as a provider's idempotency key gives.
    async refund(request) {
      return { refundRef: `test_re_${request.refundId}`, status: 'succeeded', captureRef: request.providerRef }
    },
  }
}

// ── The test payment page ─────────────────────────────────────────────────────────────────────────

type Lang = 'th' | 'en'

const TEXTS = {
  th: {
    title: 'ชำระเงินทดสอบ',
    notice: 'นี่คือหน้าชำระเงินทดสอบของร้าน ไม่มีการตัดเงินจริง และไม่ต้องกรอกข้อมูลบัตร',
    order: 'หมายเลขคำสั่งซื้อ',
    amount: 'ยอดชำระ',
    hintsTitle: 'เลือกผลการชำระเงินที่ต้องการทดสอบ',
    hints: [
      'อนุมัติ: การชำระเงินสำเร็จ (เหมือนบัตรทดสอบ 4242 4242 4242 4242)',
      'ปฏิเสธ: ธนาคารปฏิเสธบัตร (เหมือนบัตรทดสอบ 4000 0000 0000 0002)',
      `3-D Secure: ธนาคารขอรหัสยืนยัน กรอก ${TEST_3DS_CODE} เพื่อผ่าน รหัสอื่นจะไม่ผ่าน (เหมือนบัตรทดสอบ 4000 0000 0000 3220)`,
      'ยกเลิก: ออกจากหน้าชำระเงินโดยไม่ชำระ แล้วกลับไปที่ร้าน',
    ],
    paypalTitle: 'ชำระเงินทดสอบด้วย PayPal',
    paypalNotice: 'นี่คือหน้าทดสอบที่ใช้แทน PayPal ในร้านตัวอย่าง ไม่มีการตัดเงินจริง และไม่ต้องเข้าสู่ระบบ PayPal',
    paypalHints: ['อนุมัติ: ผู้ซื้ออนุมัติใน PayPal และร้านเรียกเก็บเงินสำเร็จ', 'ปฏิเสธ: PayPal ปฏิเสธการเรียกเก็บเงิน'],
    approve: 'อนุมัติ',
    decline: 'ปฏิเสธ',
    cancel: 'ยกเลิกและกลับไปที่ร้าน',
    threeDs: '3-D Secure',
    already: (status: string) => `รายการชำระเงินนี้${status}`,
    statuses: {
      pending: 'ยังรอชำระเงิน',
      authorized: 'ได้รับการอนุมัติวงเงินแล้ว',
      paid: 'ชำระเงินแล้ว',
      failed: 'ชำระเงินไม่สำเร็จแล้ว',
      cancelled: 'ถูกยกเลิกแล้ว',
    } satisfies Record<PaymentStatus, string>,
    back: 'กลับไปที่ร้าน',
    challengeTitle: 'ยืนยันตัวตน 3-D Secure',
    challengePrompt: 'กรอกรหัสผ่านแบบใช้ครั้งเดียว (OTP) ที่ธนาคารส่งให้',
    challengeHint: `รหัสสำหรับทดสอบ: ${TEST_3DS_CODE}`,
    codeLabel: 'รหัส OTP',
    confirm: 'ยืนยัน',
    badLinkTitle: 'ลิงก์ชำระเงินไม่ถูกต้อง',
    badLink: 'ลิงก์นี้ไม่สมบูรณ์หรือถูกแก้ไข กรุณากลับไปที่ร้านแล้วเริ่มชำระเงินอีกครั้ง',
  },
  en: {
    title: 'Test payment',
    notice: "This is the shop's test payment page. No real money is charged and no card details are asked for.",
    order: 'Order number',
    amount: 'Amount',
    hintsTitle: 'Choose the outcome to test',
    hints: [
      'Approve: the payment succeeds (like test card 4242 4242 4242 4242)',
      'Decline: the bank declines the card (like test card 4000 0000 0000 0002)',
      `3-D Secure: the bank asks for a code; enter ${TEST_3DS_CODE} to pass, any other code fails (like test card 4000 0000 0000 3220)`,
      'Cancel: you leave the payment page without paying and go back to the shop',
    ],
    paypalTitle: 'Test payment with PayPal',
    paypalNotice:
      'This page stands in for PayPal in the demo shop. No real money is charged and no PayPal login is asked for.',
    paypalHints: [
      'Approve: the buyer approves at PayPal and the shop captures the payment',
      'Decline: PayPal declines the capture',
    ],
    approve: 'Approve',
    decline: 'Decline',
    cancel: 'Cancel and go back to the shop',
    threeDs: '3-D Secure',
    already: (status: string) => `This payment is already ${status}.`,
    statuses: {
      pending: 'pending',
      authorized: 'authorized',
      paid: 'paid',
      failed: 'failed',
      cancelled: 'cancelled',
    } satisfies Record<PaymentStatus, string>,
    back: 'Back to the shop',
    challengeTitle: '3-D Secure verification',
    challengePrompt: 'Enter the one-time code your bank sent you.',
    challengeHint: `Test code: ${TEST_3DS_CODE}`,
    codeLabel: 'One-time code',
    confirm: 'Confirm',
    badLinkTitle: 'Invalid payment link',
    badLink: 'This link is incomplete or was changed. Go back to the shop and start the payment again.',
  },
} as const

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

function formatAmount(amount: number, currency: CurrencyCode, lang: Lang): string {
  return new Intl.NumberFormat(lang === 'th' ? 'th-TH' : 'en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
  }).format(amount / 100)
}

/** A whole page: plain semantic HTML, no script, no style, no outside asset. `body` is already escaped. */
function htmlPage(lang: Lang | 'mul', title: string, body: string): string {
  return `<!doctype html>
<html lang="${lang === 'mul' ? 'th' : lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`
}

/** Headers of every page: never cached, never framed (the buttons must not be clickjacked), nothing loaded. */
function pageHeaders(returnUrl: { origin: string | null } | null): Record<string, string> {
  // form-action also governs the redirect after a POST, so the return URL's origin is allowed there.
  const formAction = ["'self'", ...(returnUrl?.origin ? [returnUrl.origin] : [])].join(' ')
  return {
    'Cache-Control': 'no-store',
    'Content-Security-Policy': `default-src 'none'; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
    'X-Robots-Tag': 'noindex',
  }
}

function hiddenFields(returnUrl: string, sig: string): string {
  return (
    `<input type="hidden" name="return" value="${escapeHtml(returnUrl)}">` +
    `<input type="hidden" name="sig" value="${escapeHtml(sig)}">`
  )
}

function button(action: string, label: string, returnUrl: string, sig: string): string {
  return `<form method="post" action="${escapeHtml(action)}">${hiddenFields(returnUrl, sig)}<button type="submit">${escapeHtml(label)}</button></form>`
}

type PaymentView = {
  status: PaymentStatus
  method: PaymentMethod
  amount: number
  currency: CurrencyCode
  number: string
  lang: Lang
}

async function findPayment(db: Db, ref: string): Promise<PaymentView | null> {
  if (!TEST_REF.test(ref)) return null
  const [row] = await db
    .select({
      status: payments.status,
      method: payments.method,
      amount: payments.amount,
      currency: payments.currency,
      number: orders.number,
      locale: orders.locale,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.provider, TEST_PROVIDER_ID), eq(payments.providerRef, ref)))
    .limit(1)
  if (!row) return null
  return { ...row, lang: row.locale === 'th' ? 'th' : 'en' }
}

function originHost(origin: string): string | null {
  try {
    return new URL(origin).host
  } catch {
    return null
  }
}

/**
 * The page posts to itself, so a legitimate POST is same-origin. Browsers always send Sec-Fetch-Site or Origin
 * on a form POST: anything but same-origin is refused (including same-site, a sibling subdomain, and Origin: null).
 * A request carrying neither header is not a browser's, so it cannot ride on a shopper's session.
 */
function crossSite(c: Context): boolean {
  const site = c.req.header('sec-fetch-site')
  if (site !== undefined && site !== 'same-origin') return true
  const origin = c.req.header('origin')
  return origin !== undefined && originHost(origin) !== new URL(c.req.url).host
}

/**
 * The hosted test payment page of the built-in provider, as a plain Hono sub-app to mount under the API base
 * (the `baseUrl` given to `createTestPaymentProvider`):
 * - `GET  /test-payments/:ref` the page: amount, order number, test hints, Approve / Decline / 3-D Secure;
 * - `POST /test-payments/:ref/approve|decline|cancel` → `onResult(ref, 'paid'|'failed'|'cancelled')`, then 303 to
 *   the return URL;
 * - `POST /test-payments/:ref/3ds` the challenge page, `POST /test-payments/:ref/3ds/confirm` checks the code.
 * The return URL travels with its HMAC (query, then hidden fields) and is verified before every use.
 */
export function createTestPaymentRoutes(options: {
  db: Db
  secret: string
  onResult: (providerRef: string, status: TestPaymentResult) => Promise<void> | void
}): Hono {
  const app = new Hono()

  const notFound = (c: Context) =>
    c.html(
      htmlPage(
        'mul',
        'ไม่พบรายการชำระเงิน / Payment not found',
        '<h1 lang="th">ไม่พบรายการชำระเงิน</h1>\n<p lang="th">ไม่พบรายการชำระเงินทดสอบนี้</p>\n' +
          '<h1 lang="en">Payment not found</h1>\n<p lang="en">There is no test payment at this address.</p>',
      ),
      404,
      pageHeaders(null),
    )

  const forbidden = (c: Context) =>
    c.html(
      htmlPage(
        'mul',
        'ไม่อนุญาต / Forbidden',
        '<h1 lang="th">ไม่อนุญาตคำขอนี้</h1>\n<p lang="th">คำขอจากเว็บไซต์อื่นถูกปฏิเสธ</p>\n' +
          '<h1 lang="en">Request refused</h1>\n<p lang="en">Requests from other sites are refused.</p>',
      ),
      403,
      pageHeaders(null),
    )

  const badLink = (c: Context, lang: Lang) =>
    c.html(
      htmlPage(
        lang,
        TEXTS[lang].badLinkTitle,
        `<h1>${escapeHtml(TEXTS[lang].badLinkTitle)}</h1>\n<p>${escapeHtml(TEXTS[lang].badLink)}</p>`,
      ),
      400,
      pageHeaders(null),
    )

  /** The return URL if its signature holds for this ref, else null. */
  const verifiedReturn = (
    ref: string,
    returnUrl: string,
    sig: string,
  ): { href: string; origin: string | null } | null => {
    if (!sameDigest(sig, signTestReturn(options.secret, ref, returnUrl))) return null
    return safeReturnUrl(returnUrl)
  }

  /** Refusal (403, 404, 400) or the payment and its verified return URL, for every POST. */
  async function postContext(c: Context) {
    if (crossSite(c)) return { response: forbidden(c) }
    const ref = c.req.param('ref') ?? ''
    const payment = await findPayment(options.db, ref)
    if (!payment) return { response: notFound(c) }
    const form = await c.req.parseBody()
    const returnParam = typeof form.return === 'string' ? form.return : ''
    const sig = typeof form.sig === 'string' ? form.sig : ''
    const returnUrl = verifiedReturn(ref, returnParam, sig)
    if (!returnUrl) return { response: badLink(c, payment.lang) }
    // Already settled (a second click, a back button): nothing to record, the shop shows the real state.
    if (payment.status !== 'pending') return { response: c.redirect(returnUrl.href, 303) }
    return { ref, payment, returnUrl, returnParam, sig, form }
  }

  async function settle(c: Context, ref: string, result: TestPaymentResult, returnUrl: ReturnAddress) {
    await options.onResult(ref, result)
    return c.redirect(returnUrl.href, 303)
  }

  app.get('/test-payments/:ref', async (c) => {
    const ref = c.req.param('ref')
    const payment = await findPayment(options.db, ref)
    if (!payment) return notFound(c)
    const { lang } = payment
    const t = TEXTS[lang]
    const returnParam = c.req.query('return') ?? ''
    const sig = c.req.query('sig') ?? ''
    const returnUrl = verifiedReturn(ref, returnParam, sig)
    if (!returnUrl) return badLink(c, lang)

    if (payment.status !== 'pending') {
      const body =
        `<h1>${escapeHtml(t.title)}</h1>\n` +
        `<p>${escapeHtml(t.already(t.statuses[payment.status]))}</p>\n` +
        `<p><a href="${escapeHtml(returnUrl.href)}">${escapeHtml(t.back)}</a></p>`
      return c.html(htmlPage(lang, t.title, body), 200, pageHeaders(returnUrl))
    }

    // PayPal in the demo: the same page, in PayPal's terms (approve or decline; PayPal has no 3-D Secure step).
    const paypal = payment.method === 'paypal'
    const title = paypal ? t.paypalTitle : t.title
    const body = [
      `<h1>${escapeHtml(title)}</h1>`,
      `<p><strong>${escapeHtml(paypal ? t.paypalNotice : t.notice)}</strong></p>`,
      '<dl>',
      `<dt>${escapeHtml(t.order)}</dt><dd>${escapeHtml(payment.number)}</dd>`,
      `<dt>${escapeHtml(t.amount)}</dt><dd>${escapeHtml(formatAmount(payment.amount, payment.currency, lang))}</dd>`,
      '</dl>',
      `<h2>${escapeHtml(t.hintsTitle)}</h2>`,
      `<ul>${(paypal ? t.paypalHints : t.hints).map((hint) => `<li>${escapeHtml(hint)}</li>`).join('')}</ul>`,
      // Relative actions: the page lives at …/test-payments/{ref}, whatever the API is mounted under.
      button(`${ref}/approve`, t.approve, returnParam, sig),
      button(`${ref}/decline`, t.decline, returnParam, sig),
      ...(paypal ? [] : [button(`${ref}/3ds`, t.threeDs, returnParam, sig)]),
      button(`${ref}/cancel`, t.cancel, returnParam, sig),
    ].join('\n')
    return c.html(htmlPage(lang, title, body), 200, pageHeaders(returnUrl))
  })

  app.post('/test-payments/:ref/approve', async (c) => {
    const context = await postContext(c)
    if ('response' in context) return context.response
    return settle(c, context.ref, 'paid', context.returnUrl)
  })

  app.post('/test-payments/:ref/decline', async (c) => {
    const context = await postContext(c)
    if ('response' in context) return context.response
    return settle(c, context.ref, 'failed', context.returnUrl)
  })

  app.post('/test-payments/:ref/cancel', async (c) => {
    const context = await postContext(c)
    if ('response' in context) return context.response
    return settle(c, context.ref, 'cancelled', context.returnUrl)
  })

  app.post('/test-payments/:ref/3ds', async (c) => {
    const context = await postContext(c)
    if ('response' in context) return context.response
    const { payment, returnUrl, returnParam, sig } = context
    const t = TEXTS[payment.lang]
    const body = [
      `<h1>${escapeHtml(t.challengeTitle)}</h1>`,
      '<dl>',
      `<dt>${escapeHtml(t.order)}</dt><dd>${escapeHtml(payment.number)}</dd>`,
      `<dt>${escapeHtml(t.amount)}</dt><dd>${escapeHtml(formatAmount(payment.amount, payment.currency, payment.lang))}</dd>`,
      '</dl>',
      `<p>${escapeHtml(t.challengePrompt)}</p>`,
      `<p><em>${escapeHtml(t.challengeHint)}</em></p>`,
      // The page is at …/{ref}/3ds, so the relative action is …/{ref}/3ds/confirm.
      '<form method="post" action="3ds/confirm">',
      hiddenFields(returnParam, sig),
      `<p><label for="code">${escapeHtml(t.codeLabel)}</label> `,
      '<input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" maxlength="6" required></p>',
      `<p><button type="submit">${escapeHtml(t.confirm)}</button></p>`,
      '</form>',
    ].join('\n')
    return c.html(htmlPage(payment.lang, t.challengeTitle, body), 200, pageHeaders(returnUrl))
  })

  app.post('/test-payments/:ref/3ds/confirm', async (c) => {
    const context = await postContext(c)
    if ('response' in context) return context.response
    const code = typeof context.form.code === 'string' ? context.form.code.trim() : ''
    return settle(c, context.ref, code === TEST_3DS_CODE ? 'paid' : 'failed', context.returnUrl)
  })

  return app
}
