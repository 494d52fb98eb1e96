import type { IdentityChangePayload } from '~/db/schema'
import { OTP_TTL_SECONDS } from '~/domain/otp'
import { maskIdentifier } from '~/domain/phone'

/** Message text per language: the API has no Lingui, and the SMS must read well in both. */
export function codeMessage(
  locale: string,
  code: string,
  ref: string,
  purpose: string,
): { subject: string; text: string } {
  const minutes = OTP_TTL_SECONDS / 60
  if (locale === 'en') {
    return {
      subject:
        purpose === 'register'
          ? `Confirm your registration (ref ${ref})`
          : purpose === 'change'
            ? `Confirm the change to your account (ref ${ref})`
            : purpose === 'erase'
              ? `Confirm that your account be deleted (ref ${ref})`
              : `Your login code (ref ${ref})`,
      text: `Your code is ${code} (ref ${ref}). It is valid for ${minutes} minutes. Never share it with anyone.`,
    }
  }
  return {
    subject:
      purpose === 'register'
        ? `ยืนยันการสมัครสมาชิก (รหัสอ้างอิง ${ref})`
        : purpose === 'change'
          ? `ยืนยันการเปลี่ยนข้อมูลบัญชี (รหัสอ้างอิง ${ref})`
          : purpose === 'erase'
            ? `ยืนยันการลบบัญชีของคุณ (รหัสอ้างอิง ${ref})`
            : `รหัสเข้าสู่ระบบ (รหัสอ้างอิง ${ref})`,
    text: `รหัส OTP ของคุณคือ ${code} (รหัสอ้างอิง ${ref}) ใช้ได้ภายใน ${minutes} นาที ห้ามบอกรหัสนี้กับผู้อื่น`,
  }
}

/**
 * The notice to the old e-mail or telephone once a change is confirmed (issue 15, ASVS V2.5.7): written like the code
 * message, in the member's language, short enough for one SMS, and saying what to do if it was not them.
 */
export function changeNotice(locale: string, change: IdentityChangePayload): { subject: string; text: string } {
  const removed = change.value === ''
  if (locale === 'en') {
    const what = change.field === 'email' ? 'e-mail address' : 'telephone number'
    return {
      subject: removed ? `Your ${what} was removed from your account` : `Your ${what} was changed`,
      text: removed
        ? `The ${what} of your account was removed and your other devices were logged out. If this was not you, contact us at once.`
        : `The ${what} of your account was changed to ${maskIdentifier(change.value)} and your other devices were logged out. If this was not you, contact us at once.`,
    }
  }
  const what = change.field === 'email' ? 'อีเมล' : 'เบอร์โทรศัพท์'
  return {
    subject: removed ? `${what}ของคุณถูกลบออกจากบัญชี` : `${what}ของคุณถูกเปลี่ยนแล้ว`,
    text: removed
      ? `${what}ของบัญชีคุณถูกลบออก และอุปกรณ์อื่นถูกออกจากระบบแล้ว หากไม่ใช่คุณ โปรดติดต่อเราทันที`
      : `${what}ของบัญชีคุณถูกเปลี่ยนเป็น ${maskIdentifier(change.value)} และอุปกรณ์อื่นถูกออกจากระบบแล้ว หากไม่ใช่คุณ โปรดติดต่อเราทันที`,
  }
}
