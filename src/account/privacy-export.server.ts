import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { env } from '../../app.config'
import { exportSchema } from '~/contract/privacy'
import { isCurrency, formatMoney } from '~/domain/money'
import { createI18n } from '~/i18n/catalogs'
import { formatDate, formatDateTime } from '~/i18n/dates'
import type { LocaleCode } from '~/i18n/locales'
import { routePath } from '~/routing/links'
import { ProductApiError } from '~/product-api/client'
import { productApi } from '~/product-api/server-client.server'
import { getRequestState } from '~/server/request-state.server'

type ExportData = Awaited<ReturnType<typeof readExport>>

const TITLE = msg`Your data`
const NOT_FOUND_TITLE = msg`Link not found`
const NOT_FOUND = msg`This link does not exist. Please open the link from the e-mail we sent you, or ask for your data again from your account page.`
const EXPIRED_TITLE = msg`Link expired`
const EXPIRED = msg`This link has expired or was opened too many times. Please ask for your data again from your account page.`
const TRY_AGAIN = msg`Your data cannot be shown right now. Please try again in a moment.`

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

const STYLE = `body{font-family:system-ui,-apple-system,"Noto Sans Thai",sans-serif;margin:0;color:#1a1a1a;line-height:1.5}
main{max-width:60rem;margin:0 auto;padding:1rem}h1{font-size:1.6rem}h2{font-size:1.2rem;margin-top:2rem;border-bottom:1px solid #ccc}
table{border-collapse:collapse;width:100%;margin:.5rem 0;font-size:.95rem}th,td{text-align:left;padding:.35rem .5rem;border-bottom:1px solid #e5e5e5;vertical-align:top}
caption{text-align:left;font-weight:600;padding:.25rem 0}dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dt{font-weight:600}dd{margin:0}
.note{background:#f5f5f5;padding:.75rem;border-radius:.25rem}a{color:#1a1a1a}.download{display:inline-block;padding:.6rem 1rem;border:1px solid #1a1a1a;text-decoration:none;margin:.5rem 0}
.download:focus-visible,a:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
@media (max-width:40rem){table,thead,tbody,tr,th,td{display:block}thead{position:absolute;left:-9999px}td{border:0;padding:.1rem 0}tr{border-bottom:1px solid #ccc;padding:.5rem 0}td[data-label]::before{content:attr(data-label) ": ";font-weight:600}dl{grid-template-columns:1fr}}`

function page(locale: LocaleCode, title: string, body: string, status: number): Response {
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><meta name="referrer" content="no-referrer"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`
  return new Response(html, {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'private, no-store',
      'X-Robots-Tag': 'noindex',
      'Referrer-Policy': 'no-referrer',
    },
  })
}

async function readExport(token: string) {
  return productApi().send('GET', `/privacy/exports/${encodeURIComponent(token)}`, exportSchema)
}

/** A table with a caption, its headers, and each cell labelled for the phone layout. */
function table(caption: string, headers: string[], rows: string[][], empty: string): string {
  if (rows.length === 0) return `<h2>${escapeHtml(caption)}</h2><p>${escapeHtml(empty)}</p>`
  const head = headers.map((header) => `<th scope="col">${escapeHtml(header)}</th>`).join('')
  const body = rows
    .map(
      (row) =>
        `<tr>${row.map((cell, index) => `<td data-label="${escapeHtml(headers[index] ?? '')}">${escapeHtml(cell)}</td>`).join('')}</tr>`,
    )
    .join('')
  return `<h2>${escapeHtml(caption)}</h2><table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`
}

function money(amount: number, currency: string, locale: LocaleCode): string {
  return isCurrency(currency) ? formatMoney(amount, currency, locale) : `${amount} ${currency}`
}

function render(data: ExportData, locale: LocaleCode, i18n: I18n, jsonHref: string, homeHref: string): string {
  const t = (descriptor: MessageDescriptor) => i18n._(descriptor)
  const date = (value: string | null) => (value ? formatDate(value, locale) : '—')
  const dateTime = (value: string | null) => (value ? formatDateTime(value, locale) : '—')
  const none = t(msg`Nothing.`)
  const profile = data.profile
  const prepared = dateTime(data.preparedAt)
  const expires = dateTime(data.expiresAt)
  const uses = data.usesLeft
  const rows: Array<[MessageDescriptor, string]> = [
    [msg`Name`, profile.fullname],
    [msg`E-mail`, profile.email ?? '—'],
    [msg`E-mail confirmed`, dateTime(profile.emailConfirmedAt)],
    [msg`Telephone`, profile.telephone ?? '—'],
    [msg`Telephone confirmed`, dateTime(profile.telephoneConfirmedAt)],
    [msg`Gender`, profile.gender ?? '—'],
    [msg`Birthdate`, profile.birthdate ? date(`${profile.birthdate}T00:00:00+07:00`) : '—'],
    [msg`Membership tier`, profile.tier],
    [msg`Spending this cycle`, money(profile.totalSpending, 'thb', locale)],
    [msg`Terms accepted`, dateTime(profile.acceptedTermsAt)],
    [msg`Member since`, dateTime(profile.createdAt)],
    [msg`LINE account`, data.line.linked ? t(msg`Linked`) : t(msg`Not linked`)],
  ]
  return [
    `<h1>${escapeHtml(t(TITLE))}</h1>`,
    `<p class="note">${escapeHtml(
      t(
        msg`Everything we held on you on ${prepared}. This link works until ${expires} and can be opened ${uses} more times.`,
      ),
    )}</p>`,
    `<p><a class="download" href="${escapeHtml(jsonHref)}" download="my-data.json">${escapeHtml(t(msg`Download as JSON`))}</a></p>`,
    `<h2>${escapeHtml(t(msg`Profile`))}</h2><dl>${rows.map(([label, value]) => `<dt>${escapeHtml(t(label))}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>`,
    table(
      t(msg`Addresses`),
      [t(msg`Name`), t(msg`Address`), t(msg`Telephone`), t(msg`E-mail`), t(msg`Tax ID`)],
      data.addresses.map((address) => [
        `${address.firstname} ${address.lastname}`,
        [
          address.address,
          address.address2,
          address.subDistrict,
          address.district,
          address.province,
          address.postcode,
          address.country,
        ]
          .filter(Boolean)
          .join(', '),
        address.telephone,
        address.email,
        address.taxId || '—',
      ]),
      none,
    ),
    table(
      t(msg`Orders`),
      [
        t(msg`Order`),
        t(msg`Placed`),
        t(msg`Status`),
        t(msg`Pieces`),
        t(msg`Total`),
        t(msg`Delivery`),
        t(msg`Tax invoice`),
      ],
      data.orders.map((order) => [
        order.number,
        dateTime(order.placedAt),
        order.status,
        order.items
          .map((item) => `${locale === 'th' ? item.nameTh : item.nameEn} (${item.size}) × ${item.quantity}`)
          .join('; '),
        money(order.total, order.currency, locale),
        [order.deliverTo, order.email, order.telephone].filter(Boolean).join(' · '),
        order.taxInvoice ?? '—',
      ]),
      none,
    ),
    table(
      t(msg`Member codes`),
      [t(msg`Code`), t(msg`Discount`), t(msg`Valid from`), t(msg`Valid until`), t(msg`Used`)],
      data.codes.map((code) => [
        code.code,
        `${code.percent}%`,
        date(code.validFrom),
        date(code.validUntil),
        code.usedAt ? dateTime(code.usedAt) : '—',
      ]),
      none,
    ),
    table(
      t(msg`Wishlist`),
      [t(msg`Product`), t(msg`Added`)],
      data.wishlist.map((item) => [item.productId, dateTime(item.addedAt)]),
      none,
    ),
    table(
      t(msg`Cart`),
      [t(msg`Piece`), t(msg`Quantity`), t(msg`Price`), t(msg`Added`)],
      data.cart.map((item) => [
        item.sku,
        String(item.quantity),
        money(item.unitPrice, item.currency, locale),
        dateTime(item.addedAt),
      ]),
      none,
    ),
    table(
      t(msg`Sessions`),
      [t(msg`Device`), t(msg`Country`), t(msg`Started`), t(msg`Last seen`)],
      data.sessions.map((session) => [
        session.device ?? '—',
        session.country ?? '—',
        dateTime(session.startedAt),
        dateTime(session.lastSeenAt),
      ]),
      none,
    ),
    table(
      t(msg`Cookie consents`),
      [t(msg`When`), t(msg`Analytics`), t(msg`Advertising`), t(msg`Consent id`)],
      data.consents.map((consent) => [
        dateTime(consent.at),
        consent.analytics === 'granted' ? t(msg`Allowed`) : t(msg`Not allowed`),
        consent.advertising === 'granted' ? t(msg`Allowed`) : t(msg`Not allowed`),
        consent.consentId,
      ]),
      none,
    ),
    table(
      t(msg`Privacy requests`),
      [t(msg`Request`), t(msg`Received`), t(msg`Answered`)],
      data.requests.map((request) => [
        request.kind === 'access' ? t(msg`A copy of my data`) : t(msg`Delete my account`),
        dateTime(request.receivedAt),
        dateTime(request.doneAt),
      ]),
      none,
    ),
    `<p><a href="${escapeHtml(homeHref)}">${escapeHtml(t(msg`Back to the shop`))}</a></p>`,
  ].join('\n')
}

/**
 * The page of an e-mailed data link (issue 33 item 2): everything the shop holds on the member as a readable page, or
 * as a JSON download (`?format=json`); no session needed (the e-mail is the proof). An unknown link is a 404 page, one
 * past its date or uses a 410 page, in the shopper's language.
 */
export async function privacyExportResponse(request: Request, token: string): Promise<Response> {
  const locale = getRequestState(request)?.locale ?? env.DEFAULT_LOCALE
  const i18n = await createI18n(locale)
  const site = { lang: locale, strategy: env.LANGUAGE_STRATEGY, defaultLocale: env.DEFAULT_LOCALE }
  const homeHref = routePath({ to: '/' }, site)
  const refuse = (status: number, title: MessageDescriptor, message: MessageDescriptor) =>
    page(
      locale,
      i18n._(title),
      `<h1>${escapeHtml(i18n._(title))}</h1><p role="alert">${escapeHtml(i18n._(message))}</p><p><a href="${escapeHtml(homeHref)}">${escapeHtml(i18n._(msg`Back to the shop`))}</a></p>`,
      status,
    )
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return refuse(404, NOT_FOUND_TITLE, NOT_FOUND)
  let data: ExportData
  try {
    data = await readExport(token)
  } catch (error) {
    if (!(error instanceof ProductApiError)) throw error
    if (error.status === 404) return refuse(404, NOT_FOUND_TITLE, NOT_FOUND)
    if (error.status === 410) return refuse(410, EXPIRED_TITLE, EXPIRED)
    console.error('Data export unavailable', error.status, error.message)
    return refuse(503, TITLE, TRY_AGAIN)
  }
  if (new URL(request.url).searchParams.get('format') === 'json') {
    const { expiresAt: _expires, usesLeft: _uses, ...content } = data
    return new Response(JSON.stringify(content, null, 2), {
      status: 200,
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Disposition': 'attachment; filename="my-data.json"',
        'Cache-Control': 'private, no-store',
        'X-Robots-Tag': 'noindex',
      },
    })
  }
  const jsonHref = `${routePath({ to: '/my-data/$token', params: { token } }, site)}?format=json`
  return page(locale, i18n._(TITLE), render(data, locale, i18n, jsonHref, homeHref), 200)
}
