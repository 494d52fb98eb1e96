import { describe, expect, it } from 'vitest'
import { changeNotice, codeMessage } from './account-mails'

describe('the text of a code', () => {
  it('says the code, its reference and its five minutes, in Thai by default', () => {
    const message = codeMessage('th', '123456', 'AB12', 'login')
    expect(message.subject).toBe('รหัสเข้าสู่ระบบ (รหัสอ้างอิง AB12)')
    expect(message.text).toContain('123456')
    expect(message.text).toContain('ใช้ได้ภายใน 5 นาที')
  })

  it('names what the code confirms in English: a registration, a change, or a login', () => {
    expect(codeMessage('en', '123456', 'AB12', 'register').subject).toBe('Confirm your registration (ref AB12)')
    expect(codeMessage('en', '123456', 'AB12', 'change').subject).toBe('Confirm the change to your account (ref AB12)')
    expect(codeMessage('en', '123456', 'AB12', 'login').text).toBe(
      'Your code is 123456 (ref AB12). It is valid for 5 minutes. Never share it with anyone.',
    )
  })
})

describe('the notice to the old e-mail or telephone', () => {
  it('shows the new value masked, never whole', () => {
    const notice = changeNotice('en', { field: 'email', value: 'somchai@example.com' })
    expect(notice.subject).toBe('Your e-mail address was changed')
    expect(notice.text).toContain('so*****@example.com')
    expect(notice.text).not.toContain('somchai@')
  })

  it('says a removal as one, in Thai', () => {
    const notice = changeNotice('th', { field: 'telephone', value: '' })
    expect(notice.subject).toBe('เบอร์โทรศัพท์ของคุณถูกลบออกจากบัญชี')
    expect(notice.text).toContain('หากไม่ใช่คุณ')
  })
})
