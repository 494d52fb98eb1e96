import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach } from 'vitest'

/*
 * What the tests of the action hooks (usePending's shape: src/forms, src/cart, src/account) share: an answer the test
 * gives when it chooses, a refusal as the server functions hand it back, and a real cache made afresh for each test.
 */

/** A promise the test settles itself: an answer that has not come yet. */
export function deferred<T>() {
  let resolve: (value: T) => void = () => {}
  let reject: (error: unknown) => void = () => {}
  const promise = new Promise<T>((yes, no) => {
    resolve = yes
    reject = no
  })
  return { promise, resolve, reject }
}

/** A refusal of a server function (AccountResult), with the API's reason. */
export const refused = (reason: string) => ({ ok: false as const, status: 409, reason })

/**
 * A QueryClient made afresh before each test (no retries), `wrapper` giving it to renderHook, and the rendered hooks
 * cleaned up after each test. Call it at the top of the test file.
 */
export function hookTestCache() {
  const cache = {
    client: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
    wrapper: ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={cache.client}>{children}</QueryClientProvider>
    ),
  }
  beforeEach(() => {
    cache.client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  })
  afterEach(cleanup)
  return cache
}
