import type { StaffAlertData } from '~/db/schema'
import type { StaffAlertKind } from '~/domain/staff-alerts'
import type { StaffLanguage } from '~/domain/staff-permissions'
import { RETURN_KINDS } from '~/domain/returns'

/** The back office's base path per language (src/admin/locale.ts ADMIN_BASEPATHS): where an alert's link goes. */
const ADMIN_BASE: Record<StaffLanguage, string> = { th: '/admin', en: '/en/admin' }

const RETURN_KIND_WORDS: Record<(typeof RETURN_KINDS)[number], Record<StaffLanguage, string>> = {
  exchange: { th: 'เปลี่ยนสินค้า', en: 'an exchange' },
  return: { th: 'คืนสินค้า', en: 'a return' },
}

function returnKindWords(kind: string | undefined, language: StaffLanguage): string {
  const known = RETURN_KINDS.find((value) => value === kind)
  return known ? RETURN_KIND_WORDS[known][language] : language === 'th' ? 'คืนหรือเปลี่ยนสินค้า' : 'a return'
}

/** The back-office screen an alert opens: the order for order work, the home's queues for stock (no stock screen yet). */
export function alertPath(kind: StaffAlertKind, data: StaffAlertData): string {
  if (kind !== 'low_stock' && data.orderNumber) return `/orders/${encodeURIComponent(data.orderNumber)}`
  return '/'
}

/** An alert's link in the staff member's language, on the shop's origin. */
export function alertLink(
  siteUrl: string,
  language: StaffLanguage,
  kind: StaffAlertKind,
  data: StaffAlertData,
): string {
  const path = alertPath(kind, data)
  return new URL(`${ADMIN_BASE[language]}${path === '/' ? '' : path}`, siteUrl).toString()
}

/** What an alert says, in the staff member's language (the link follows on its own line). */
export function alertText(kind: StaffAlertKind, data: StaffAlertData, language: StaffLanguage): string {
  const order = data.orderNumber ?? ''
  const th = language === 'th'
  switch (kind) {
    case 'slip_review':
      return th
        ? `สลิปโอนเงินรอตรวจ: คำสั่งซื้อ ${order}${data.reason ? ` (${data.reason})` : ''}`
        : `A transfer slip to review: order ${order}${data.reason ? ` (${data.reason})` : ''}`
    case 'ship_late':
      return th
        ? `คำสั่งซื้อ ${order} ชำระเงินแล้วเกิน ${data.hours ?? 0} ชั่วโมงแต่ยังไม่ได้จัดส่ง`
        : `Order ${order} was paid over ${data.hours ?? 0} hours ago and is not shipped yet`
    case 'return_requested': {
      const pieces = data.pieces ?? 0
      return th
        ? `ลูกค้าขอ${returnKindWords(data.returnKind, language)} ${pieces} ชิ้น: คำสั่งซื้อ ${order}`
        : `A shopper asks for ${returnKindWords(data.returnKind, language)} of ${pieces} ${pieces === 1 ? 'piece' : 'pieces'}: order ${order}`
    }
    case 'low_stock': {
      const name = data.name ? data.name[language] : (data.sku ?? '')
      return th
        ? `สต็อกใกล้หมด: ${name} ไซซ์ ${data.size ?? ''} เหลือ ${data.stock ?? 0} ชิ้น (SKU ${data.sku ?? ''})`
        : `Low stock: ${name}, size ${data.size ?? ''}, ${data.stock ?? 0} left (SKU ${data.sku ?? ''})`
    }
  }
}
