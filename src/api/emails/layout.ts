/**
 * The shape of every order e-mail, in blocks that become both the HTML part and the plain-text part, so the two
 * always say the same thing. No Lingui here: the words arrive translated (templates.ts); this file only escapes
 * and lays them out.
 */

/** A label and its value; `note`, a line under them in smaller type (why a fee is charged). */
export type MailRow = { label: string; value: string; note?: string }

export type MailBlock =
  | { type: 'paragraph'; text: string; strong?: boolean }
  /** A titled list of label/value pairs (delivery address, bank account, summary). */
  | { type: 'details'; title: string; rows: MailRow[]; lead?: string; after?: string[] }
  /** The pieces of an order or a request: a name, a detail line (size, quantity) and maybe an amount. */
  | {
      type: 'items'
      title: string
      headers: { item: string; amount: string | null }
      rows: Array<{ name: string; detail: string; amount: string | null }>
    }
  /** A row of totals, the last one (the total) in bold, with a note under it (VAT). */
  | { type: 'totals'; title: string; rows: MailRow[]; note: string | null }
  /** Tracking numbers, each with a link to the carrier's page when there is one. */
  | { type: 'parcels'; title: string; rows: Array<{ label: string; link: { text: string; href: string } | null }> }
  | { type: 'button'; text: string; href: string }

export type MailDocument = {
  /** BCP 47 language of the e-mail (th, en): the html element's lang. */
  lang: string
  subject: string
  /** The line mail programs show after the subject in the list; hidden in the message. */
  preheader: string
  brand: string
  heading: string
  blocks: MailBlock[]
  footer: string[]
  siteUrl: string
}

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

/** A link target only if it is an absolute http(s) URL (a carrier's tracking page): never javascript: or data:. */
export function safeHttpUrl(value: string | null | undefined): string | null {
  if (!value) return null
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null
  } catch {
    return null
  }
}

// The brand's look (DESIGN.md §6: clean, editorial, black and white) in inline styles, since mail programs drop
// style sheets. Thai needs a little more line height than Latin text.
const FONT = "'Noto Sans Thai','Helvetica Neue',Helvetica,Arial,sans-serif"
const INK = '#111111'
const MUTED = '#555555'
const RULE = '#e5e5e5'
const TEXT = `font-family:${FONT};color:${INK};font-size:15px;line-height:1.7;`
const CELL = `${TEXT}padding:8px 0;border-bottom:1px solid ${RULE};vertical-align:top;`
/** Latin capitals keep their tracking; Thai gets none (as on the site: decision 098). */
function tracking(lang: string): string {
  return lang === 'th' ? 'letter-spacing:0;' : 'letter-spacing:0.08em;'
}

function htmlBlock(block: MailBlock, lang: string): string {
  const TITLE = `font-family:${FONT};color:${INK};font-size:13px;font-weight:700;${tracking(lang)}text-transform:uppercase;margin:32px 0 8px;`
  switch (block.type) {
    case 'paragraph':
      return `<p style="${TEXT}margin:0 0 16px;${block.strong ? 'font-weight:700;' : ''}">${escapeHtml(block.text)}</p>`
    case 'details': {
      const lead = block.lead ? `<p style="${TEXT}margin:0 0 8px;">${escapeHtml(block.lead)}</p>` : ''
      const rows = block.rows
        .map(
          (row) =>
            `<tr><th scope="row" style="${CELL}text-align:left;font-weight:400;color:${MUTED};padding-right:16px;width:40%;">${escapeHtml(row.label)}</th><td style="${CELL}">${escapeHtml(row.value)}</td></tr>`,
        )
        .join('')
      const after = (block.after ?? [])
        .map((line) => `<p style="${TEXT}margin:8px 0 0;">${escapeHtml(line)}</p>`)
        .join('')
      const table = rows
        ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;">${rows}</table>`
        : ''
      return `<h2 style="${TITLE}">${escapeHtml(block.title)}</h2>${lead}${table}${after}`
    }
    case 'items': {
      const amountHeader = block.headers.amount
        ? `<th scope="col" style="${CELL}text-align:right;font-size:13px;color:${MUTED};font-weight:400;">${escapeHtml(block.headers.amount)}</th>`
        : ''
      const rows = block.rows
        .map((row) => {
          const amount =
            row.amount !== null
              ? `<td style="${CELL}text-align:right;white-space:nowrap;padding-left:16px;">${escapeHtml(row.amount)}</td>`
              : ''
          return `<tr><td style="${CELL}"><strong>${escapeHtml(row.name)}</strong><br><span style="color:${MUTED};font-size:14px;">${escapeHtml(row.detail)}</span></td>${amount}</tr>`
        })
        .join('')
      return `<h2 style="${TITLE}">${escapeHtml(block.title)}</h2><table width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;"><thead><tr><th scope="col" style="${CELL}text-align:left;font-size:13px;color:${MUTED};font-weight:400;">${escapeHtml(block.headers.item)}</th>${amountHeader}</tr></thead><tbody>${rows}</tbody></table>`
    }
    case 'totals': {
      const last = block.rows.length - 1
      const rows = block.rows
        .map((row, index) => {
          const weight = index === last ? 'font-weight:700;font-size:17px;' : ''
          const note = row.note
            ? `<tr><td colspan="2" style="${TEXT}padding:0 0 6px;color:${MUTED};font-size:13px;">${escapeHtml(row.note)}</td></tr>`
            : ''
          return `<tr><th scope="row" style="${CELL}text-align:left;font-weight:400;${weight}">${escapeHtml(row.label)}</th><td style="${CELL}text-align:right;white-space:nowrap;${weight}">${escapeHtml(row.value)}</td></tr>${note}`
        })
        .join('')
      const note = block.note
        ? `<p style="${TEXT}margin:4px 0 0;text-align:right;color:${MUTED};font-size:13px;">${escapeHtml(block.note)}</p>`
        : ''
      return `<h2 style="${TITLE}">${escapeHtml(block.title)}</h2><table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;">${rows}</table>${note}`
    }
    case 'parcels': {
      const rows = block.rows
        .map((row) => {
          const href = safeHttpUrl(row.link?.href)
          const link =
            row.link && href
              ? `<br><a href="${escapeHtml(href)}" style="color:${INK};text-decoration:underline;">${escapeHtml(row.link.text)}</a>`
              : ''
          return `<li style="${TEXT}margin:0 0 8px;">${escapeHtml(row.label)}${link}</li>`
        })
        .join('')
      return `<h2 style="${TITLE}">${escapeHtml(block.title)}</h2><ul style="margin:0;padding:0 0 0 20px;">${rows}</ul>`
    }
    case 'button': {
      const href = safeHttpUrl(block.href)
      if (!href) return ''
      return `<p style="margin:32px 0 0;"><a href="${escapeHtml(href)}" style="display:inline-block;background:${INK};color:#ffffff;font-family:${FONT};font-size:14px;font-weight:700;${tracking(lang)}text-transform:uppercase;text-decoration:none;padding:14px 28px;">${escapeHtml(block.text)}</a></p>`
    }
  }
}

/** The HTML part: one centred column of at most 600 px, tables for layout (mail programs), no images. */
export function renderHtml(doc: MailDocument): string {
  const body = doc.blocks.map((block) => htmlBlock(block, doc.lang)).join('\n')
  const footer = doc.footer
    .map(
      (line) =>
        `<p style="margin:0 0 8px;font-family:${FONT};color:${MUTED};font-size:12px;line-height:1.6;">${escapeHtml(line)}</p>`,
    )
    .join('')
  const site = safeHttpUrl(doc.siteUrl)
  const brand = site
    ? `<a href="${escapeHtml(site)}" style="color:${INK};text-decoration:none;">${escapeHtml(doc.brand)}</a>`
    : escapeHtml(doc.brand)
  return `<!DOCTYPE html>
<html lang="${escapeHtml(doc.lang)}" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(doc.subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f5f5f5;">
<div style="display:none;max-height:0;overflow:hidden;opacity:0;">${escapeHtml(doc.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;background:#f5f5f5;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;max-width:600px;background:#ffffff;border:1px solid ${RULE};">
<tr><td style="padding:24px 32px;border-bottom:2px solid ${INK};font-family:${FONT};font-size:20px;font-weight:700;letter-spacing:0.3em;color:${INK};">${brand}</td></tr>
<tr><td style="padding:32px;">
<h1 style="font-family:${FONT};color:${INK};font-size:24px;line-height:1.4;font-weight:700;margin:0 0 16px;">${escapeHtml(doc.heading)}</h1>
${body}
</td></tr>
<tr><td style="padding:24px 32px;border-top:1px solid ${RULE};">${footer}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`
}

const RULE_LINE = '-'.repeat(40)

function textBlock(block: MailBlock): string {
  switch (block.type) {
    case 'paragraph':
      return block.text
    case 'details':
      return [
        block.title.toLocaleUpperCase(),
        ...(block.lead ? [block.lead] : []),
        ...block.rows.map((row) => `${row.label}: ${row.value}`),
        ...(block.after ?? []),
      ].join('\n')
    case 'items':
      return [
        block.title.toLocaleUpperCase(),
        ...block.rows.map((row) => `- ${row.name}\n  ${row.detail}${row.amount !== null ? `\n  ${row.amount}` : ''}`),
      ].join('\n')
    case 'totals':
      return [
        block.title.toLocaleUpperCase(),
        ...block.rows.map((row) => `${row.label}: ${row.value}${row.note ? `\n  ${row.note}` : ''}`),
        ...(block.note ? [block.note] : []),
      ].join('\n')
    case 'parcels':
      return [
        block.title.toLocaleUpperCase(),
        ...block.rows.map((row) => {
          const href = safeHttpUrl(row.link?.href)
          return `- ${row.label}${row.link && href ? `\n  ${row.link.text}: ${href}` : ''}`
        }),
      ].join('\n')
    case 'button': {
      const href = safeHttpUrl(block.href)
      return href ? `${block.text}: ${href}` : ''
    }
  }
}

/** The plain-text part: the same blocks, one paragraph each, for mail programs that show no HTML. */
export function renderText(doc: MailDocument): string {
  const parts = [
    doc.brand,
    RULE_LINE,
    doc.heading,
    ...doc.blocks.map(textBlock).filter(Boolean),
    RULE_LINE,
    ...doc.footer,
  ]
  return `${parts.join('\n\n')}\n`
}
