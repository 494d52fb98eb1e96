/**
 * The message with the link to a member's data (issue 33 item 2), in the member's language: the API has no Lingui,
 * and the text must also fit an SMS for a member with only a phone.
 */
export function exportLinkMessage(lang: 'th' | 'en', url: string, days: number): { subject: string; text: string } {
  if (lang === 'en') {
    return {
      subject: 'Your data is ready to download',
      text: `A copy of the data we hold on you is ready: ${url} The link works for ${days} days. If you did not ask for it, contact us.`,
    }
  }
  return {
    subject: 'ข้อมูลของคุณพร้อมให้ดาวน์โหลดแล้ว',
    text: `สำเนาข้อมูลที่เราเก็บเกี่ยวกับคุณพร้อมแล้ว: ${url} ลิงก์นี้ใช้ได้ ${days} วัน หากคุณไม่ได้ขอ โปรดติดต่อเรา`,
  }
}
