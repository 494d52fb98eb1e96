import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { createMember } from './accounts'
import { newStaff, signInByApi } from './staff'
import { expect, test } from './test'

/**
 * Members in the back office (issue 33 item 1), in the browser: customer service finds a member by the telephone as
 * people say it, issues a goodwill code with a reason, corrects the birth date, blocks and unblocks the member, and an
 * owner reads the entries in the audit log (English); the same search and a goodwill code in Thai on a phone. The
 * rules (bounds, merge, sign-in refusals, checkout) are proven in tests/integration/admin-members.test.ts.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']

async function expectNoViolations(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze()
  const lines = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'no impact'}): ${violation.help}\n` +
      violation.nodes.map((node) => `    at ${node.target.join(' ')}: ${node.failureSummary ?? ''}`).join('\n'),
  )
  expect(lines, `axe violations on ${where}:\n${lines.join('\n')}`).toEqual([])
}

/** 0812345678 as people write it: 081 234 5678. */
const spaced = (local: string) => `${local.slice(0, 3)} ${local.slice(3, 6)} ${local.slice(6)}`

test('customer service finds a member by phone, gives a goodwill code, corrects the birth date, blocks and unblocks', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000)
  const member = await createMember(page.request)
  const staff = await newStaff(page.request, 'customer_service', { language: 'en' })
  await signInByApi(page.request, staff)

  await page.goto('/en/admin/members')
  await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible()
  await page.getByLabel('Search members').fill('no such member anywhere')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page.getByText('No member matches.')).toBeVisible()
  await page.getByLabel('Search members').fill(spaced(member.telephone))
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  const table = page.getByRole('table', { name: 'Members, page 1: 1 found' })
  await expect(table).toBeVisible()
  await expect(table).toContainText(member.e164)
  await expectNoViolations(page, '/en/admin/members')
  await table.getByRole('link', { name: member.fullname }).click()

  await expect(page.getByRole('heading', { level: 1, name: member.fullname })).toBeVisible()
  await expect(page.getByText(`${member.e164} (confirmed)`)).toBeVisible()
  const notice = page.locator('.admin-order__notice')

  await page.getByRole('button', { name: 'Goodwill code' }).click()
  const goodwill = page.getByRole('dialog', { name: `A goodwill code for ${member.fullname}` })
  await goodwill.getByLabel('Amount', { exact: true }).fill('250')
  await goodwill.getByLabel('Reason (kept in the audit log)').fill('The parcel came a week late')
  await expectNoViolations(page, 'the goodwill dialog')
  await goodwill.getByRole('button', { name: 'Issue the code' }).click()
  await expect(goodwill).toBeHidden()
  await expect(notice).toHaveText(/^Code GIFT-[A-Z0-9]{6} issued\.$/)
  const codes = page.getByRole('region', { name: 'Table of codes' })
  await expect(codes).toContainText('Goodwill code')
  await expect(codes).toContainText('฿250')

  await page.getByRole('button', { name: 'Correct birth date' }).click()
  const birthdate = page.getByRole('dialog', { name: `Correct the birth date of ${member.fullname}` })
  await birthdate.getByLabel('Birth date').fill('2099-01-01')
  await birthdate.getByLabel('Reason (kept in the audit log)').fill('ID card shown at Siam Paragon')
  await birthdate.getByRole('button', { name: 'Save the birth date' }).click()
  await expect(birthdate.getByRole('alert')).toHaveText('The birth date cannot be in the future.')
  await birthdate.getByLabel('Birth date').fill('1992-04-14')
  await birthdate.getByRole('button', { name: 'Save the birth date' }).click()
  await expect(birthdate).toBeHidden()
  await expect(notice).toHaveText('The birth date is corrected.')
  await expect(page.getByText('1992-04-14')).toBeVisible()

  await page.getByRole('button', { name: 'Block', exact: true }).click()
  const block = page.getByRole('dialog', { name: `Block ${member.fullname}?` })
  await block.getByLabel('Reason (kept in the audit log)').fill('Chargeback under review')
  await block.getByRole('button', { name: 'Block the member' }).click()
  await expect(notice).toHaveText('The member is blocked.')
  await expect(page.getByText('Blocked', { exact: true })).toBeVisible()
  await expect(page.getByText('Not signed in anywhere.')).toBeVisible()

  await page.getByRole('button', { name: 'Unblock', exact: true }).click()
  const unblock = page.getByRole('dialog', { name: `Unblock ${member.fullname}?` })
  await unblock.getByLabel('Reason (kept in the audit log)').fill('The bank cleared it')
  await unblock.getByRole('button', { name: 'Unblock the member' }).click()
  await expect(notice).toHaveText('The member is unblocked.')
  await expectNoViolations(page, 'the member page')
  const memberUrl = new URL(page.url())
  const memberId = memberUrl.pathname.split('/').pop() ?? ''

  // The owner reads the entries of this member in the audit log (customer service has no audit:read).
  const ownerContext = await browser.newContext({ baseURL: memberUrl.origin })
  const ownerPage = await ownerContext.newPage()
  const owner = await newStaff(ownerPage.request, 'owner', { language: 'en' })
  await signInByApi(ownerPage.request, owner)
  await ownerPage.goto(`/en/admin/audit?entity=member&entityId=${memberId}`)
  const log = ownerPage.getByRole('table')
  for (const action of ['member.goodwill_code', 'member.birthdate_correct', 'member.block', 'member.unblock']) {
    await expect(log.getByText(action, { exact: true })).toBeVisible()
  }
  await ownerContext.close()
})

test('ฝ่ายบริการลูกค้าค้นหาสมาชิกด้วยเบอร์ +66 และออกโค้ดขอบคุณบนโทรศัพท์', { tag: '@mobile' }, async ({ page }) => {
  test.setTimeout(120_000)
  const member = await createMember(page.request)
  const staff = await newStaff(page.request, 'customer_service', { language: 'th' })
  await signInByApi(page.request, staff)

  await page.goto('/admin/members')
  await expect(page.getByRole('heading', { level: 1, name: 'สมาชิก' })).toBeVisible()
  await page.getByLabel('ค้นหาสมาชิก').fill(member.e164)
  await page.getByRole('button', { name: 'ค้นหา', exact: true }).click()
  const table = page.getByRole('table', { name: 'สมาชิก หน้า 1: พบ 1 ราย' })
  await expect(table).toBeVisible()
  await table.getByRole('link', { name: member.fullname }).click()
  await expect(page.getByRole('heading', { level: 1, name: member.fullname })).toBeVisible()

  await page.getByRole('button', { name: 'โค้ดขอบคุณ' }).click()
  const dialog = page.getByRole('dialog', { name: `โค้ดขอบคุณสำหรับ ${member.fullname}` })
  await dialog.getByRole('radio', { name: 'เปอร์เซ็นต์', exact: true }).check()
  await dialog.getByLabel('ลด (เปอร์เซ็นต์)').fill('80')
  await dialog.getByLabel('เหตุผล (บันทึกไว้ในบันทึกการตรวจสอบ)').fill('สินค้ามีตำหนิเล็กน้อย')
  await expectNoViolations(page, 'the goodwill dialog in Thai')
  await dialog.getByRole('button', { name: 'ออกโค้ด' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('เปอร์เซ็นต์ตั้งแต่ 5 ถึง 50')
  await dialog.getByLabel('ลด (เปอร์เซ็นต์)').fill('15')
  await dialog.getByRole('button', { name: 'ออกโค้ด' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.locator('.admin-order__notice')).toHaveText(/^ออกโค้ด GIFT-[A-Z0-9]{6} แล้ว$/)
  await expect(page.getByRole('region', { name: 'ตารางโค้ดส่วนลด' })).toContainText('15 %')
  await expectNoViolations(page, 'the member page in Thai')
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow).toBeLessThanOrEqual(0)
})
