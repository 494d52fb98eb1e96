import { describe, expect, it } from 'vitest'
import { parseBootState, serializeBootState, type BootState } from './boot-state'
import { testBootState } from './boot-state.fixture'
import { parseEnv, toPublicConfig } from './config/schema'
import { DEFAULT_REGION } from './region/region'

const state: BootState = testBootState(
  {
    nonce: 'n0nce',
    refererPath: '/cart',
    region: { ...DEFAULT_REGION, clientIp: '203.0.113.9' },
    abVariant: 'B',
    consent: { accepted: true, ga: false, ad: true },
    buildId: 'build-1',
  },
  { liffId: 'liff-1' },
)

describe('the boot state the browser reads (decision 120: checked without zod)', () => {
  it('reads back what the server wrote, without the nonce, the referer or the client IP', () => {
    const { nonce: _nonce, refererPath: _referer, ...rest } = state
    expect(parseBootState(JSON.parse(serializeBootState(state)))).toEqual({
      ...rest,
      region: { ...rest.region, clientIp: '' },
    })
    expect(parseBootState(JSON.parse(serializeBootState({ ...state, consent: null })))?.consent).toBeNull()
  })

  it('is written again by the browser exactly as the server wrote it (the boot script hydrates without a mismatch)', () => {
    const fromServer = serializeBootState({
      ...state,
      config: toPublicConfig(parseEnv({ LIFF_ID: '1234567890-AbCdEfGh' })),
    })
    const read = parseBootState(JSON.parse(fromServer))
    expect(read).not.toBeNull()
    if (read) expect(serializeBootState({ ...read, nonce: null, refererPath: null })).toBe(fromServer)
  })

  it('leaves unknown fields out', () => {
    const written = {
      ...JSON.parse(serializeBootState(state)),
      extra: 1,
      consent: { accepted: true, ga: true, ad: false, x: 1 },
    }
    const parsed = parseBootState(written)
    expect(parsed).not.toHaveProperty('extra')
    expect(parsed?.consent).toEqual({ accepted: true, ga: true, ad: false })
  })

  it('refuses anything else', () => {
    const written = JSON.parse(serializeBootState(state)) as Record<string, unknown>
    expect(parseBootState(null)).toBeNull()
    expect(parseBootState('boot')).toBeNull()
    expect(parseBootState({ ...written, locale: 'fr' })).toBeNull()
    expect(parseBootState({ ...written, config: { ...(written.config as object), mode: 'test' } })).toBeNull()
    expect(parseBootState({ ...written, consent: { accepted: 'yes', ga: true, ad: true } })).toBeNull()
    const { buildId: _buildId, ...withoutBuild } = written
    expect(parseBootState(withoutBuild)).toBeNull()
  })
})
