import { afterEach, describe, expect, it, vi } from 'vitest'
import { AB_COOKIE } from '~/analytics/ab'
import { LOCALE_COOKIE } from '~/i18n/locales'
import { REGION_COOKIE } from '~/region/region'

/** The page middleware as the server runs it, with the configuration read from this environment. */
async function pagePolicy(environment: Record<string, string>): Promise<string> {
  for (const [name, value] of Object.entries(environment)) vi.stubEnv(name, value)
  vi.resetModules()
  const { handlePageRequest } = await import('~/server/page-middleware.server')
  // A region and an A/B cookie already set: no location lookup, the page answered at once.
  const request = new Request('http://localhost:3000/account/register', {
    headers: { cookie: `${LOCALE_COOKIE}=th; ${REGION_COOKIE}=TH; ${AB_COOKIE}=A`, 'accept-language': 'th' },
  })
  const result = await handlePageRequest(request, () => ({ response: new Response('<html></html>') }))
  const response = result instanceof Response ? result : result.response
  return response.headers.get('Content-Security-Policy') ?? ''
}

describe('Content-Security-Policy of pages and the Turnstile settings', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
    vi.resetModules()
  })

  it('allows Cloudflare’s script and frame when Turnstile is configured', async () => {
    const policy = await pagePolicy({
      TURNSTILE_SITE_KEY: '1x00000000000000000000AA',
      TURNSTILE_SECRET_KEY: '1x0000000000000000000000000000000AA',
    })
    expect(policy).toMatch(/script-src [^;]*https:\/\/challenges\.cloudflare\.com/)
    expect(policy).toMatch(/frame-src 'self' https:\/\/challenges\.cloudflare\.com(;|$)/)
  })

  it('allows nothing of Cloudflare without Turnstile', async () => {
    const policy = await pagePolicy({ TURNSTILE_SITE_KEY: '', TURNSTILE_SECRET_KEY: '' })
    expect(policy).toMatch(/script-src 'self' 'nonce-/)
    expect(policy).not.toContain('cloudflare')
  })
})
