import { readFileSync } from 'node:fs'
import { generateMessageId } from '@lingui/message-utils/generateMessageId'
import type { Page } from '@playwright/test'
import { expect, test } from './test'
import { gotoHydrated } from './hydration'

/**
 * Decision 026: the browser gets the shell's catalog and one per route chunk. A message whose catalog did not
 * arrive shows as its id (the build keeps ids only), so every page of a Thai journey made by client navigations
 * is checked for ids and for a Thai word of its own.
 */
type Entry = { id: string; context: string; translation: string }

function readPo(path: string): Entry[] {
  const entries: Entry[] = []
  let current: Entry | null = null
  let field: 'id' | 'context' | 'translation' | null = null
  const unquote = (text: string) => JSON.parse(text) as string
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line.startsWith('msgctxt ')) {
      if (current) entries.push(current)
      current = { id: '', context: unquote(line.slice(8)), translation: '' }
      field = 'context'
    } else if (line.startsWith('msgid ')) {
      if (current && field !== 'context') entries.push(current)
      if (!current || field !== 'context') current = { id: '', context: '', translation: '' }
      current.id = unquote(line.slice(6))
      field = 'id'
    } else if (line.startsWith('msgstr ') && current) {
      current.translation = unquote(line.slice(7))
      field = 'translation'
    } else if (line.startsWith('"') && current && field) {
      current[field] += unquote(line)
    }
  }
  if (current) entries.push(current)
  return entries.filter((entry) => entry.id !== '')
}

const catalog = readPo('locales/th/messages.po')
const thai = (english: string) => {
  const entry = catalog.find((candidate) => candidate.id === english && candidate.context === '')
  if (!entry?.translation) throw new Error(`no Thai translation of "${english}" in locales/th/messages.po`)
  return entry.translation
}
/** The ids the build gives the catalog's messages: what a page shows in place of a message it lacks. */
const messageIds = new Set(catalog.map((entry) => generateMessageId(entry.id, entry.context)))

/** Text nodes and labels of the page that are a message id instead of a message. */
async function untranslated(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const found: string[] = []
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) found.push((node.textContent ?? '').trim())
    for (const element of document.querySelectorAll('[aria-label], [placeholder], [title], [alt]')) {
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) found.push(element.getAttribute(name) ?? '')
    }
    found.push(document.title)
    return found
  })
  return texts.filter((text) => messageIds.has(text))
}

test('a Thai journey by client navigation shows every route’s words in Thai', async ({ page }) => {
  const documents: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents.push(request.url())
  })
  const catalogs: string[] = []
  page.on('response', (response) => {
    if (/\/assets\/i18n-[^/]+\.js$/.test(response.url())) catalogs.push(new URL(response.url()).pathname)
  })

  await gotoHydrated(page, '/')
  await expect(page.locator('html')).toHaveAttribute('lang', 'th')
  expect(await untranslated(page)).toEqual([])
  // The first page loads only the shell's catalog and its own, never the whole catalog.
  expect(catalogs.length).toBeGreaterThan(0)
  expect(catalogs.every((path) => path.endsWith('.th.js'))).toBe(true)

  // Home → a listing, through the header's category link.
  await page
    .locator('header')
    .getByRole('link', { name: thai('Dresses'), exact: true })
    .first()
    .click()
  await expect(page).toHaveURL('/category/dresses')
  await expect(page.getByText(thai('Sort by'), { exact: true }).first()).toBeVisible()
  expect(await untranslated(page)).toEqual([])

  // The listing → a product page.
  await page.locator('.product-card__link').first().click()
  await expect(page).toHaveURL(/\/product\/[a-z0-9-]+/)
  await expect(page.getByRole('button', { name: thai('Add to cart') })).toBeVisible()
  expect(await untranslated(page)).toEqual([])

  // The product page → the cart, through the header.
  await page.locator('header').locator('a[href="/cart"]').first().click()
  await expect(page).toHaveURL('/cart')
  await expect(page.getByText(thai('Your cart is empty.'))).toBeVisible()
  await expect(page).toHaveTitle(new RegExp(thai('Cart')))
  expect(await untranslated(page)).toEqual([])

  // All of it without loading another document: the words came with the routes.
  expect(documents).toHaveLength(1)
})
