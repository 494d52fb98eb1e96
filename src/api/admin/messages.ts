import type { ApiErrorReason } from '~/contract/errors'
import type { StaffLanguage } from '~/domain/staff-permissions'

/**
 * The admin API's refusals in the staff's language (issue 31): the reason stays the machine's, the message is the
 * staff member's (their own language once signed in, else the request's Accept-Language). A reason not listed keeps
 * the service's English message.
 */
const MESSAGES: Partial<Record<ApiErrorReason, { th: string; en: string }>> = {
  INVALID_INPUT: { th: 'ข้อมูลไม่ถูกต้อง', en: 'Invalid request' },
  UNSUPPORTED_MEDIA_TYPE: { th: 'คำขอนี้ต้องส่งข้อมูลเป็น JSON', en: 'The request’s body must be JSON' },
  UNAUTHENTICATED: { th: 'โปรดเข้าสู่ระบบ', en: 'Sign in first' },
  PERMISSION_DENIED: { th: 'บทบาทของคุณไม่มีสิทธิ์ทำรายการนี้', en: 'Your role does not allow this' },
  STEP_UP_REQUIRED: {
    th: 'โปรดยืนยันตัวตนขั้นที่สองอีกครั้งก่อนทำรายการนี้',
    en: 'Confirm your second factor again to do this',
  },
  CSRF_REJECTED: { th: 'คำขอนี้ไม่ได้มาจากหน้าหลังร้าน', en: 'This request did not come from the back office' },
  STAFF_ONLY: { th: 'รายการนี้ทำได้เฉพาะพนักงานที่เข้าสู่ระบบ', en: 'Only signed-in staff can do this, not an API key' },
  OTP_INCORRECT: { th: 'รหัสไม่ถูกต้อง', en: 'The code is not right' },
  OTP_EXPIRED: { th: 'รหัสหมดอายุแล้ว', en: 'The code has expired' },
  VERIFY_FAILED: { th: 'การเข้าสู่ระบบนี้สิ้นสุดแล้ว โปรดเริ่มใหม่', en: 'This sign-in has ended: start again' },
  SECOND_FACTOR_INCORRECT: { th: 'การยืนยันขั้นที่สองไม่ถูกต้อง', en: 'The second factor is not right' },
  LOCKED: { th: 'ใส่รหัสผิดหลายครั้งเกินไป โปรดลองใหม่ภายหลัง', en: 'Too many wrong tries: try again later' },
  RATE_LIMITED: { th: 'ขอรหัสบ่อยเกินไป โปรดลองใหม่ภายหลัง', en: 'Too many requests: try again later' },
  INVITE_INVALID: { th: 'คำเชิญนี้ใช้ไม่ได้ (ใช้แล้ว หมดอายุ หรือไม่มีอยู่)', en: 'This invitation is not valid' },
  STAFF_EXISTS: { th: 'อีเมลนี้เป็นพนักงานอยู่แล้ว', en: 'This e-mail is already staff' },
  LAST_OWNER: { th: 'ไม่สามารถลดบทบาทหรือปิดเจ้าของคนสุดท้ายได้', en: 'The last owner cannot be demoted or disabled' },
  ROLE_EXISTS: { th: 'มีบทบาทรหัสนี้อยู่แล้ว', en: 'A role with this id exists' },
  ROLE_BUILT_IN: { th: 'บทบาทพื้นฐานแก้ไขไม่ได้', en: 'A built-in role cannot be changed' },
  ROLE_IN_USE: { th: 'ยังมีพนักงานหรือคีย์ API ใช้บทบาทนี้', en: 'Staff or API keys still hold this role' },
  NOT_ALLOWED: {
    th: 'สถานะของคำสั่งซื้อนี้ไม่อนุญาตให้ทำรายการนี้แล้ว',
    en: 'The order’s status no longer allows this',
  },
  NOT_FOUND: { th: 'ไม่พบรายการนี้', en: 'Not found' },
  DELIVERY_FAILED: { th: 'ส่งรหัสไม่สำเร็จ โปรดลองใหม่', en: 'The code could not be sent: try again' },
  REFUND_TOO_LARGE: {
    th: 'ยอดคืนเงินเกินยอดที่ชำระแล้วหักยอดที่คืนไปแล้ว',
    en: 'More than was paid less what was already refunded',
  },
  IDEMPOTENCY_CONFLICT: {
    th: 'เลขอ้างอิงนี้ถูกบันทึกไว้แล้ว',
    en: 'This reference is recorded already',
  },
  PAYMENT_FAILED: {
    th: 'ผู้ให้บริการชำระเงินไม่ได้คืนเงินรายการนี้ ยังไม่มีการคืนเงิน',
    en: 'The payment provider did not make the refund: nothing was refunded',
  },
  STOCK_SHORT: {
    th: 'สต็อกไม่พอ: จำนวนที่สถานที่นี้ติดลบไม่ได้',
    en: 'Not enough stock there: a count cannot go below zero',
  },
  TRANSFER_CLOSED: {
    th: 'การโอนนี้รับเข้าหรือยกเลิกไปแล้ว',
    en: 'This transfer was received or cancelled already',
  },
  CODE_EXISTS: { th: 'มีโค้ดส่วนลดนี้อยู่แล้ว', en: 'A discount code with this text exists' },
  PRODUCT_CODE_TAKEN: {
    th: 'รหัสสินค้า บาร์โค้ด หรือสลักนี้มีสินค้าอื่นใช้อยู่แล้ว',
    en: 'Another product already has this SKU, barcode or slug',
  },
  REFERENCE_USED: { th: 'เลขอ้างอิงธนาคารนี้เคยใช้ชำระคำสั่งซื้อแล้ว', en: 'This bank reference paid an order before' },
  SCHEDULE_OVERLAP: {
    th: 'สินค้าบางรายการอยู่ในการลดราคาอื่นที่ช่วงเวลาทับซ้อนกัน',
    en: 'Some products are in another sale at an overlapping time',
  },
  OUT_OF_STOCK: {
    th: 'ขนาดที่ขอเปลี่ยนไม่มีในสต็อกพอ: คืนเงินแทน หรือรอสินค้าเข้า',
    en: 'The size asked for is out of stock: refund instead, or wait for stock',
  },
  PICTURE_REFUSED: { th: 'รับรูปภาพนี้ไม่ได้', en: 'This picture cannot be taken' },
  SLUG_TAKEN: {
    th: 'มีบทความหรือคอลเลกชันอื่นใช้ที่อยู่ (slug) นี้แล้ว',
    en: 'Another editorial or collection has this address (slug)',
  },
  CONTENT_PUBLISHED: {
    th: 'บทความนี้เผยแพร่อยู่ ยกเลิกการเผยแพร่ก่อนจึงจะลบได้',
    en: 'This editorial is published: unpublish it before deleting it',
  },
  COLLECTION_CYCLE: {
    th: 'คอลเลกชันอยู่ภายในตัวเองหรือคอลเลกชันย่อยของตัวเองไม่ได้',
    en: 'A collection cannot be inside itself or one of its own sub-collections',
  },
  COLLECTION_TOO_DEEP: {
    th: 'คอลเลกชันย่อยมีคอลเลกชันย่อยของตัวเองไม่ได้ (ลึกได้หนึ่งชั้น)',
    en: 'A sub-collection cannot have sub-collections of its own (one level deep)',
  },
  NO_MEDIA_STORAGE: { th: 'ยังไม่ได้ตั้งค่าที่เก็บรูปภาพ', en: 'No picture storage is set up' },
  MEMBER_NOT_FOUND: {
    th: 'ไม่พบสมาชิกที่ใช้อีเมลหรือเบอร์โทรศัพท์นี้',
    en: 'No member has this e-mail address or phone number',
  },
  REQUEST_ANSWERED: {
    th: 'คำขอนี้ได้รับการดำเนินการแล้วหรือกำลังดำเนินการอยู่',
    en: 'This request was answered already or is being prepared',
  },
}

/**
 * Refusals whose message is written where they are made, already in the caller's language, because it names what
 * was found (a CSV file's missing and unknown columns, its size): kept as given.
 */
// CSV_REFUSED names the file's columns; REPORT_RANGE says which of the range's rules failed (reports.routes.server.ts).
export const COMPOSED_MESSAGES: ReadonlySet<ApiErrorReason> = new Set<ApiErrorReason>(['CSV_REFUSED', 'REPORT_RANGE'])

/** Refusals whose `fields` say more: the message for the field's value (a picture's problem). */
const FIELD_MESSAGES: Partial<Record<ApiErrorReason, Record<string, Record<string, { th: string; en: string }>>>> = {
  PICTURE_REFUSED: {
    picture: {
      notImage: {
        th: 'ไฟล์นี้ไม่ใช่รูปภาพ JPEG, PNG, WebP หรือ AVIF',
        en: 'This file is not a JPEG, PNG, WebP or AVIF picture',
      },
      tooLarge: { th: 'รูปภาพใหญ่เกิน 15 MB', en: 'The picture is larger than 15 MB' },
      tooManyPixels: {
        th: 'รูปภาพมีขนาดเกิน 40 ล้านพิกเซล โปรดย่อรูปก่อนอัปโหลด',
        en: 'The picture has more than 40 megapixels: make it smaller first',
      },
      tooMany: { th: 'สีนี้มีรูปภาพครบ 12 รูปแล้ว', en: 'This colour has 12 pictures already' },
    },
  },
}

export function staffMessage(
  reason: ApiErrorReason,
  language: StaffLanguage,
  fallback: string,
  fields?: Record<string, string>,
): string {
  for (const [field, value] of Object.entries(fields ?? {})) {
    const specific = FIELD_MESSAGES[reason]?.[field]?.[value]?.[language]
    if (specific) return specific
  }
  if (COMPOSED_MESSAGES.has(reason)) return fallback
  return MESSAGES[reason]?.[language] ?? fallback
}

/** The language of a caller not signed in: English when the request's first preference is English, else Thai. */
export function languageOfRequest(acceptLanguage: string | null | undefined): StaffLanguage {
  const first = (acceptLanguage ?? '').split(',')[0]?.trim().toLowerCase() ?? ''
  return first.startsWith('en') ? 'en' : 'th'
}
