import type { APIRequestContext } from '@playwright/test'
import { expect, test } from './test'
import { codeFor, loggedInMember } from './accounts'
import { gotoHydrated } from './hydration'

/**
 * The shopper's privacy rights (issue 33 item 2) in Thai and English: "Download my data" e-mails a link (read from
 * the dev outbox) to a page of everything the shop holds; "Delete my account" asks for a code and signs the shopper
 * out, the order staying without the person. The link without a session works; a wrong one is a 404 page.
 */
const API = '/api/public/demo'

async function dataLink(request: APIRequestContext, recipient: string): Promise<string> {
  let link: string | null = null
  await expect
    .poll(
      async () => {
        const response = await request.get(`${API}/dev/outbox?recipient=${encodeURIComponent(recipient)}`)
        const { items } = (await response.json()) as { items: Array<{ body: string }> }
        link = items.map((item) => /https?:\/\/\S+\/my-data\/[A-Za-z0-9_-]+/.exec(item.body)?.[0]).find(Boolean) ?? null
        return link
      },
      { timeout: 30_000 },
    )
    .not.toBeNull()
  return new URL(link ?? '').pathname
}

const WORDS = {
  th: {
    prefix: '',
    download: 'ดาวน์โหลดข้อมูลของฉัน',
    yourData: 'ข้อมูลของคุณ',
    json: 'ดาวน์โหลดเป็นไฟล์ JSON',
    notFound: 'ไม่พบลิงก์',
    remove: 'ลบบัญชีของฉัน',
    send: 'ส่งรหัสให้ฉัน',
    code: 'โค้ด',
    forGood: 'ลบบัญชีของฉันอย่างถาวร',
    deleted: 'บัญชีของคุณถูกลบแล้ว',
  },
  en: {
    prefix: '/en',
    download: 'Download my data',
    yourData: 'Your data',
    json: 'Download as JSON',
    notFound: 'Link not found',
    remove: 'Delete my account',
    send: 'Send me the code',
    code: 'Code',
    forGood: 'Delete my account for good',
    deleted: 'Your account was deleted',
  },
} as const

for (const lang of ['th', 'en'] as const) {
  const words = WORDS[lang]
  test(`a member downloads their data and deletes their account (${lang})`, async ({ page, context, request }) => {
    test.setTimeout(120_000)
    const member = await loggedInMember(context, request)
    await gotoHydrated(page, `${words.prefix}/account`)
    await page.getByRole('button', { name: words.download }).click()
    await expect(page.getByRole('status').filter({ hasText: /\d/ })).toBeVisible()

    const path = await dataLink(request, member.email)
    expect(path).toMatch(lang === 'en' ? /^\/en\/my-data\// : /^\/my-data\//)
    // The link is the proof: a fresh browser without the session opens it.
    const stranger = await context.browser()?.newContext()
    const other = await stranger?.newPage()
    if (!other) throw new Error('no second browser context')
    const opened = await other.goto(new URL(path, page.url()).toString())
    expect(opened?.status()).toBe(200)
    await expect(other.getByRole('heading', { level: 1, name: words.yourData })).toBeVisible()
    await expect(other.getByText(member.email).first()).toBeVisible()
    await expect(other.getByRole('link', { name: words.json })).toBeVisible()
    const missing = await other.goto(new URL(`${path.slice(0, -4)}zzzz`, page.url()).toString())
    expect(missing?.status()).toBe(404)
    await expect(other.getByRole('heading', { level: 1, name: words.notFound })).toBeVisible()
    await stranger?.close()

    await page.getByRole('button', { name: words.remove }).click()
    await page.getByRole('button', { name: words.send }).click()
    const reference = /\(([^)]*?([A-Z0-9]{4,}))\)/.exec(
      (await page.getByText(member.email.slice(0, 2)).first().textContent()) ?? '',
    )
    const code = await codeFor(request, member.email, reference?.[2])
    await page.getByLabel(words.code, { exact: true }).fill(code)
    await page.getByRole('button', { name: words.forGood }).click()
    await expect(page.getByRole('heading', { name: words.deleted })).toBeVisible()
    const sessions = await page.request.get(`${API}/me/sessions`)
    expect(sessions.status()).toBe(401)
  })
}
