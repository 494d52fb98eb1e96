import { expect, test } from './test'
import { confirmCode, loggedInMember } from './accounts'
import { gotoHydrated } from './hydration'

/**
 * Issue 29: the account page says whether the e-mail is confirmed and confirms it with a code (item 1), and shows the
 * birth date read-only once set (item 5), in Thai and in English.
 */

const TEXT = {
  th: {
    prefix: '',
    telephone: 'เบอร์โทรศัพท์',
    send: 'ส่ง',
    code: 'รหัส OTP',
    confirm: 'ยืนยัน',
    notConfirmed: '(ยังไม่ได้ยืนยัน)',
    confirmed: '(ยืนยันแล้ว)',
    confirmEmail: 'ยืนยันอีเมลของฉัน',
    heading: 'ยืนยันอีเมลของคุณ',
    done: 'ยืนยันอีเมลของคุณแล้ว ตอนนี้คุณเข้าสู่ระบบด้วยอีเมลนี้ได้',
    edit: 'แก้ไข',
    birthdate: 'วันเกิด',
    staff: 'วันเกิดแก้ไขได้โดยเจ้าหน้าที่ของเราเท่านั้น หากไม่ถูกต้อง โปรดติดต่อเรา',
    save: 'บันทึก',
    saved: 'บันทึกข้อมูลของคุณแล้ว',
  },
  en: {
    prefix: '/en',
    telephone: 'Telephone',
    send: 'Submit',
    code: 'One-time code',
    confirm: 'Confirm',
    notConfirmed: '(not confirmed)',
    confirmed: '(confirmed)',
    confirmEmail: 'Confirm my e-mail address',
    heading: 'Confirm your e-mail address',
    done: 'Your e-mail address is confirmed. You can now log in with it.',
    edit: 'Edit',
    birthdate: 'Birth date',
    staff: 'Your birth date can only be corrected by our staff. Please contact us if it is wrong.',
    save: 'Save',
    saved: 'Your information was saved.',
  },
} as const

// Each test registers a member and confirms codes through the outbox: on the shared machine the first one, with
// a cold server, took longer than the default 30 s.
test.describe.configure({ timeout: 90_000 })

for (const locale of ['th', 'en'] as const) {
  const text = TEXT[locale]

  test(`an e-mail typed at registration is confirmed with a code from the account page (${locale}) @mobile`, async ({
    page,
    context,
    request,
  }) => {
    const member = await loggedInMember(context, request, { confirmEmail: false })
    await gotoHydrated(page, `${text.prefix}/account`)
    const facts = page.locator('.account-facts')
    // The telephone was confirmed by the registration's code; the e-mail was only typed in.
    await expect(facts.locator('#telephone-state')).toHaveText(text.confirmed)
    await expect(facts.locator('#email-state')).toHaveText(text.notConfirmed)
    await facts.getByRole('button', { name: text.confirmEmail }).click()
    await expect(page).toHaveURL(/\/account\/confirm-otp/)
    await expect(page.getByRole('heading', { level: 1, name: text.heading })).toBeVisible()
    await confirmCode(page, request, member.email, text.code)
    await page.getByRole('button', { name: text.confirm, exact: true }).click()
    await expect(page).toHaveURL(/\/account\?changed=email-confirmed$/)
    await expect(page.getByRole('status').filter({ hasText: text.done })).toBeVisible()
    await expect(facts.locator('#email-state')).toHaveText(text.confirmed)
    await expect(facts.getByRole('button', { name: text.confirmEmail })).toHaveCount(0)
  })

  test(`the birth date is read-only once set, and saving keeps it (${locale})`, async ({ page, context, request }) => {
    await loggedInMember(context, request)
    await gotoHydrated(page, `${text.prefix}/account`)
    await page.getByRole('button', { name: text.edit, exact: true }).click()
    const birthdate = page.getByRole('textbox', { name: text.birthdate })
    await expect(birthdate).toHaveAttribute('readonly', '')
    await expect(birthdate).toHaveAccessibleDescription(text.staff)
    await page.getByRole('button', { name: text.save }).click()
    await expect(page.getByRole('status').filter({ hasText: text.saved })).toBeVisible()
  })
}
