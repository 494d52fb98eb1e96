import { describe, expect, it } from 'vitest'
import { createI18n } from '~/i18n/catalogs'
import { failureMessage } from './failure-message'

describe('a channel that cannot deliver (demo mode with only one real channel)', () => {
  it.each([
    ['EMAIL_UNAVAILABLE', /does not send codes by e-mail.*telephone number/, /อีเมล.*เบอร์โทรศัพท์/],
    ['SMS_UNAVAILABLE', /does not send codes by SMS.*e-mail address/, /SMS.*อีเมล/],
  ])('%s reads as its own message in English and Thai', async (reason, english, thai) => {
    const [en, th] = await Promise.all([createI18n('en'), createI18n('th')])
    const failure = { ok: false as const, status: 503, reason }
    expect(failureMessage(failure, en, 'en')).toMatch(english)
    expect(failureMessage(failure, th, 'th')).toMatch(thai)
  })
})

describe('SMS only to the allowed countries, so many an hour (issue 15)', () => {
  it.each([
    ['SMS_COUNTRY', 403, undefined, /SMS to telephone numbers of this country.*e-mail address/, /SMS.*ประเทศนี้.*อีเมล/],
    ['SMS_BUSY', 429, undefined, /more codes by SMS right now.*e-mail address\.$/, /SMS เพิ่ม.*อีเมล$/],
    ['SMS_BUSY', 429, '2026-05-01T05:00:00.000Z', /e-mail address, or try again at 12:00/, /อีเมล.*เวลา 12:00/],
  ])('%s (%i) offers e-mail, in English and Thai', async (reason, status, retryAt, english, thai) => {
    const [en, th] = await Promise.all([createI18n('en'), createI18n('th')])
    const failure = { ok: false as const, status, reason, ...(retryAt ? { retryAt } : {}) }
    expect(failureMessage(failure, en, 'en')).toMatch(english)
    expect(failureMessage(failure, th, 'th')).toMatch(thai)
  })
})
