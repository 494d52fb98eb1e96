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
