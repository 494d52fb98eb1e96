import type { BootState } from './boot-state'
import { DEFAULT_REGION } from './region/region'

/**
 * A boot state for tests (the demo store's public configuration, Thai by default), with fields replaced: one
 * fixture for every test that renders or links as the server would (json-ld, links, boot-state).
 */
export function testBootState(
  overrides: Partial<BootState> = {},
  config: Partial<BootState['config']> = {},
): BootState {
  return {
    locale: 'th',
    defaultLocale: 'th',
    config: {
      siteUrl: 'https://shop.example.com',
      storeKey: 'demo',
      gtmId: null,
      liffId: null,
      liffIdChatbot: null,
      lineOfficialAccount: null,
      lineLogin: false,
      languageStrategy: 'prefix_except_default',
      defaultLocale: 'th',
      secureCookies: true,
      mode: 'demo',
      outbox: true,
      paypal: false,
      ...config,
    },
    nonce: null,
    refererPath: null,
    region: DEFAULT_REGION,
    abVariant: 'A',
    consent: null,
    buildId: 'test',
    ...overrides,
  }
}
