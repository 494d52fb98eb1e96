import { expect, test as base } from '@playwright/test'

/**
 * The suite's `test`: every page a test opens is watched for uncaught errors, and a test whose page threw
 * one fails. That covers a page that does not hydrate (React error #418, when the server's HTML differs
 * from the browser's first render: the page is rendered again from scratch) as much as a broken handler.
 */
export const test = base.extend({
  page: async ({ page }, provide, testInfo) => {
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`))
    await provide(page)
    if (testInfo.status === testInfo.expectedStatus) expect(errors, 'uncaught errors on the page').toEqual([])
  },
})

export { expect }
