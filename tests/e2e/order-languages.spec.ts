import { type APIRequestContext, type BrowserContext } from '@playwright/test'
import { expect, test } from './test'
import { gotoHydrated } from './hydration'
import { roomyVariant } from './stock'
import { placeGuestOrder } from './support/guest-orders'

/**
 * Issue 29, item 11: the order page names the pieces, the bank and the account holder in the page's language, whatever
 * the language the order was placed in: Thai names on the Thai page, English ones on /en/order/….
 */

const API = '/api/public/demo'
const DRESS = 'linen-wrap-dress-1001'
/** The company of src/brand.ts, the account holder, as a reader sees it. */
const HOLDER = { th: 'บริษัท อเตลิเย่ร์ สยาม จำกัด', en: 'Atelier Siam Co., Ltd.' }

async function productName(request: APIRequestContext, lang: 'th' | 'en'): Promise<string> {
  const response = await request.get(`${API}/products/${DRESS}?lang=${lang}&currency=thb`)
  return ((await response.json()) as { name: string }).name
}

/** A guest's bank-transfer order of the dress, placed through the API in `lang`; the browser holds its token. */
async function guestOrder(request: APIRequestContext, context: BrowserContext, lang: 'th' | 'en'): Promise<string> {
  return placeGuestOrder(request, context, {
    skus: [(await roomyVariant(request, DRESS)).sku],
    lang,
    guest: { lastname: 'Languages', email: 'languages.guest@example.com' },
    idempotencyKey: `e2e-order-languages-${lang}-${Date.now()}`,
  })
}

test('a Thai order on the English page: the pieces, the bank and the account holder in English', async ({
  page,
  request,
  context,
}) => {
  const number = await guestOrder(request, context, 'th')
  const [thai, english] = [await productName(request, 'th'), await productName(request, 'en')]
  await gotoHydrated(page, `/en/order/${number}`)
  await expect(page.getByText(english, { exact: true }).first()).toBeVisible()
  await expect(page.getByText(thai, { exact: true })).toHaveCount(0)
  const account = page.locator('.account-facts')
  await expect(account.getByRole('definition').first()).toHaveText('Kasikornbank')
  await expect(account).toContainText(HOLDER.en)
  await expect(account).not.toContainText(/ธนาคาร|บริษัท/)
})

test('an English order on the Thai page: the pieces, the bank and the account holder in Thai', async ({
  page,
  request,
  context,
}) => {
  const number = await guestOrder(request, context, 'en')
  const [thai, english] = [await productName(request, 'th'), await productName(request, 'en')]
  await gotoHydrated(page, `/order/${number}`)
  await expect(page.getByText(thai, { exact: true }).first()).toBeVisible()
  await expect(page.getByText(english, { exact: true })).toHaveCount(0)
  const account = page.locator('.account-facts')
  await expect(account.getByRole('definition').first()).toHaveText('ธนาคารกสิกรไทย')
  await expect(account).toContainText(HOLDER.th)
  await expect(account).not.toContainText(/Kasikornbank|Co\., Ltd\./)
})
