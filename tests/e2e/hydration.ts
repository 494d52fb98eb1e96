import { expect, type Page } from '@playwright/test'

/** Opens a page and waits until React has hydrated it, so that clicks reach React. */
export async function gotoHydrated(page: Page, url: string) {
  const response = await page.goto(url)
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
  return response
}
