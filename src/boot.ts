import { createIsomorphicFn } from '@tanstack/react-start'
import { BOOT_ELEMENT_ID, parseBootState, type BootState } from '~/boot-state'
import { LOCALE_CODES } from '~/config/constants'
import { DEFAULT_REGION } from '~/region/region'
import { serverBootState } from '~/server/boot.server'

function clientBootState(): BootState {
  const element = document.getElementById(BOOT_ELEMENT_ID)
  const lang = document.documentElement.lang
  const parsed = parseBootState(element?.textContent ? JSON.parse(element.textContent) : null)
  if (parsed) return { ...parsed, nonce: null, refererPath: null }
  // No server markup: a plain client app with the defaults.
  const locale = LOCALE_CODES.find((code) => code === lang) ?? 'th'
  return {
    locale,
    defaultLocale: 'th',
    config: {
      siteUrl: window.location.origin,
      storeKey: 'demo',
      gtmId: null,
      liffId: null,
      liffIdChatbot: null,
      lineOfficialAccount: null,
      lineLogin: false,
      languageStrategy: 'prefix_except_default',
      defaultLocale: 'th',
      secureCookies: window.location.protocol === 'https:',
      // Without the server's word, nothing is claimed: no demo notice, no outbox link.
      mode: 'live',
      outbox: false,
      paypal: false,
    },
    nonce: null,
    refererPath: null,
    region: DEFAULT_REGION,
    abVariant: 'A',
    consent: null,
    buildId: __BUILD_ID__,
  }
}

export const getBootState = createIsomorphicFn().server(serverBootState).client(clientBootState)
