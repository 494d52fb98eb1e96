import { describe, expect, it } from 'vitest'
import { consentCookies, consentModeSignals, parseConsent } from './consent'

describe('consent cookies', () => {
  it('write acceptance and the JSON of the choice, for a year', () => {
    const [accepted, prefs] = consentCookies({ accepted: true, ga: true, ad: false }, true)
    expect(accepted).toBe('cookie_consent=true; Max-Age=31536000; Path=/; SameSite=Lax; Secure')
    expect(decodeURIComponent(prefs.split(';')[0]?.split('=')[1] ?? '')).toBe('{"accepted":true,"ga":true,"ad":false}')
  })

  it('read the choice back, and nothing from a broken cookie', () => {
    expect(parseConsent('{"accepted":true,"ga":false,"ad":true}')).toEqual({ accepted: true, ga: false, ad: true })
    expect(parseConsent('{"ga":true}')).toBeNull()
    expect(parseConsent('not json')).toBeNull()
    expect(parseConsent(null)).toBeNull()
  })

  it('deny everything in Consent Mode until allowed', () => {
    expect(consentModeSignals(null)).toEqual({
      analytics_storage: 'denied',
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
    })
    expect(consentModeSignals({ accepted: true, ga: true, ad: false }).analytics_storage).toBe('granted')
    expect(consentModeSignals({ accepted: true, ga: false, ad: true }).ad_user_data).toBe('granted')
  })
})

describe('the consent id (issue 33 item 2)', () => {
  it('is read back from the cookie when it is a UUID, and dropped otherwise', () => {
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e'
    expect(parseConsent(JSON.stringify({ accepted: true, ga: true, ad: false, id }))).toEqual({
      accepted: true,
      ga: true,
      ad: false,
      id,
    })
    expect(parseConsent(JSON.stringify({ accepted: true, ga: true, ad: false, id: '<script>' }))).toEqual({
      accepted: true,
      ga: true,
      ad: false,
    })
  })
})
