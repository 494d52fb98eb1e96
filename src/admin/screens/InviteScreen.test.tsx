// @vitest-environment jsdom
import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import * as adminApi from '../api'
import { groupSecret, InviteFlow, takeInviteToken, type InviteApi } from './InviteScreen'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const TOKEN = 'inv_0123456789abcdefghij'
const INVITE: adminApi.Invite = {
  id: '00000000-0000-4000-8000-000000000002',
  email: 'fon@example.com',
  role_id: 'warehouse',
  role_name: 'Warehouse',
  expires_at: '2026-11-28T00:00:00Z',
  name: null,
  language: null,
  accepted: false,
}
const STAFF: adminApi.Staff = {
  id: '00000000-0000-4000-8000-000000000003',
  email: 'fon@example.com',
  name: 'Fon',
  language: 'th',
  role_id: 'warehouse',
  disabled: false,
  created_at: '2026-11-27T00:00:00Z',
}
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-2345${i}`)
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'

const notCalled = () => vi.fn(() => Promise.reject(new Error('not called')))

function apiWith(calls: Partial<InviteApi>): InviteApi {
  return {
    readInvite: vi.fn(() => Promise.resolve(INVITE)),
    acceptInvite: notCalled(),
    startTotpEnrolment: notCalled(),
    confirmTotpEnrolment: notCalled(),
    invitePasskeyOptions: notCalled(),
    enrolPasskey: notCalled(),
    ...calls,
  }
}

function renderFlow(api: InviteApi, token: string | null = TOKEN) {
  const i18n = setupI18n()
  i18n.loadAndActivate({ locale: 'en', messages: {} })
  const onDone = vi.fn()
  render(
    <I18nProvider i18n={i18n}>
      <InviteFlow api={api} token={token} locale="en" onDone={onDone} />
    </I18nProvider>,
  )
  return { onDone, user: userEvent.setup() }
}

describe('the invitation’s token', () => {
  it('is read from the fragment, taken out of the address bar, and kept in memory', () => {
    window.history.replaceState({ key: 'k' }, '', `/en/admin/invite#${TOKEN}`)
    expect(takeInviteToken()).toBe(TOKEN)
    expect(window.location.href).toBe(`${window.location.origin}/en/admin/invite`)
    expect(window.history.state).toEqual({ key: 'k' })
    // A second render reads no fragment and keeps the same token.
    expect(takeInviteToken()).toBe(TOKEN)
  })

  it('is none when the fragment is not a token', () => {
    window.history.replaceState(null, '', '/en/admin/invite#<script>')
    expect(takeInviteToken()).toBeNull()
    expect(window.location.hash).toBe('')
  })

  it('is written in groups of four for typing', () => {
    expect(groupSecret(SECRET)).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')
  })
})

describe('accepting an invitation', () => {
  it('shows the invitation, takes name and language, enrols an authenticator app, then shows the codes once', async () => {
    const api = apiWith({
      acceptInvite: vi.fn(() => Promise.resolve({ ...INVITE, name: 'Fon', language: 'th' as const, accepted: true })),
      startTotpEnrolment: vi.fn(() =>
        Promise.resolve({ secret: SECRET, uri: `otpauth://totp/Back%20office:fon?secret=${SECRET}` }),
      ),
      confirmTotpEnrolment: vi.fn(() => Promise.resolve({ staff: STAFF, recovery_codes: CODES })),
    })
    const { onDone, user } = renderFlow(api)
    expect(await screen.findByText('fon@example.com')).toBeTruthy()
    expect(screen.getByText('Warehouse')).toBeTruthy()
    expect(api.readInvite).toHaveBeenCalledWith(TOKEN)

    // The name is required; the language is the staff member's choice.
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    expect(screen.getByText('Enter your name (up to 100 characters).')).toBeTruthy()
    expect(document.activeElement).toBe(screen.getByLabelText('Your name'))
    expect(api.acceptInvite).not.toHaveBeenCalled()
    await user.type(screen.getByLabelText('Your name'), '  Fon ')
    await user.click(screen.getByRole('radio', { name: 'ไทย' }))
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    expect(api.acceptInvite).toHaveBeenCalledWith(TOKEN, { name: 'Fon', language: 'th' })

    await user.click(await screen.findByRole('button', { name: 'Use an authenticator app' }))
    expect(api.startTotpEnrolment).toHaveBeenCalledWith(TOKEN)
    expect(await screen.findByRole('heading', { name: 'Add the back office to your authenticator app' })).toBe(
      document.activeElement,
    )
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeTruthy()
    const qr = await screen.findByRole('img', { name: 'QR code for your authenticator app' })
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/)

    await user.type(screen.getByLabelText('Code shown by the app'), '12345')
    await user.click(screen.getByRole('button', { name: 'Check code' }))
    expect(screen.getByText('Enter the 6 digits of the code.')).toBeTruthy()
    await user.type(screen.getByLabelText('Code shown by the app'), '6')
    await user.click(screen.getByRole('button', { name: 'Check code' }))
    expect(api.confirmTotpEnrolment).toHaveBeenCalledWith(TOKEN, '123456')

    const list = await screen.findByRole('list', { name: 'Recovery codes' })
    expect(list.querySelectorAll('li')).toHaveLength(10)
    expect(list.textContent).toContain('abcd0-23450')
    // Not before the staff member says they kept them.
    await user.click(screen.getByRole('button', { name: 'Go to the sign-in' }))
    expect(screen.getByText('Keep the codes first, then tick the box.')).toBeTruthy()
    expect(onDone).not.toHaveBeenCalled()
    await user.click(screen.getByRole('checkbox', { name: 'I have kept my recovery codes' }))
    await user.click(screen.getByRole('button', { name: 'Go to the sign-in' }))
    expect(onDone).toHaveBeenCalledWith('th')
  })

  it('copies the codes and offers them as a .txt file', async () => {
    const writeText = vi.fn(() => Promise.resolve())
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:codes')
    // jsdom has no object URLs: the browser's API, given here.
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() })
    const api = apiWith({
      readInvite: vi.fn(() => Promise.resolve({ ...INVITE, name: 'Fon', language: 'en' as const, accepted: true })),
      startTotpEnrolment: vi.fn(() => Promise.resolve({ secret: SECRET, uri: 'otpauth://totp/x' })),
      confirmTotpEnrolment: vi.fn(() => Promise.resolve({ staff: STAFF, recovery_codes: CODES })),
    })
    const { user } = renderFlow(api)
    // An accepted invitation (a reload mid-way) goes on at the second factor.
    await user.click(await screen.findByRole('button', { name: 'Use an authenticator app' }))
    await user.type(await screen.findByLabelText('Code shown by the app'), '123456')
    await user.click(screen.getByRole('button', { name: 'Check code' }))
    await screen.findByRole('list', { name: 'Recovery codes' })
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    await user.click(screen.getByRole('button', { name: 'Copy the codes' }))
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining(CODES.join('\n')))
    expect(await screen.findByText('Copied.')).toBeTruthy()
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined)
    await user.click(screen.getByRole('button', { name: 'Download as a text file' }))
    expect(clicked).toHaveBeenCalled()
    const blob = createObjectURL.mock.calls[0]?.[0]
    expect(blob?.type).toBe('text/plain;charset=utf-8')
    expect(await blob?.text()).toContain(CODES.at(-1))
    clicked.mockRestore()
    Reflect.deleteProperty(URL, 'createObjectURL')
    Reflect.deleteProperty(URL, 'revokeObjectURL')
    Reflect.deleteProperty(navigator, 'clipboard')
  })

  it('says clearly when the invitation is not valid, or when the link has no token', async () => {
    const api = apiWith({
      readInvite: vi.fn(() =>
        Promise.reject(new adminApi.AdminApiError(404, 'INVITE_INVALID', 'This invitation is not valid')),
      ),
    })
    renderFlow(api)
    expect((await screen.findByRole('alert')).textContent).toContain('This invitation link is not valid')
    expect(screen.queryByLabelText('Your name')).toBeNull()
    cleanup()
    const none = apiWith({})
    renderFlow(none, null)
    expect((await screen.findByRole('alert')).textContent).toContain('This invitation link is not valid')
    expect(none.readInvite).not.toHaveBeenCalled()
  })

  it('shows a wrong authenticator code’s refusal and keeps the step', async () => {
    const api = apiWith({
      readInvite: vi.fn(() => Promise.resolve({ ...INVITE, accepted: true })),
      startTotpEnrolment: vi.fn(() => Promise.resolve({ secret: SECRET, uri: 'otpauth://totp/x' })),
      confirmTotpEnrolment: vi.fn(() =>
        Promise.reject(new adminApi.AdminApiError(400, 'OTP_INCORRECT', 'The code is not right')),
      ),
    })
    const { user } = renderFlow(api)
    await user.click(await screen.findByRole('button', { name: 'Use an authenticator app' }))
    await user.type(await screen.findByLabelText('Code shown by the app'), '000000')
    await user.click(screen.getByRole('button', { name: 'Check code' }))
    expect((await screen.findByRole('alert')).textContent).toBe('The code is not right')
    expect(screen.getByLabelText('Code shown by the app')).toBeTruthy()
  })

  it('enrols a passkey with the browser’s own JSON parsing, then shows the codes', async () => {
    const parsed = { challenge: new Uint8Array([1]) }
    const parseCreationOptionsFromJSON = vi.fn(() => parsed)
    const credentialJson = { id: 'c', rawId: 'c', type: 'public-key', response: {}, clientExtensionResults: {} }
    const create = vi.fn(() => Promise.resolve({ type: 'public-key', toJSON: () => credentialJson }))
    vi.stubGlobal('PublicKeyCredential', { parseCreationOptionsFromJSON, parseRequestOptionsFromJSON: vi.fn() })
    Object.defineProperty(navigator, 'credentials', { value: { create, get: vi.fn() }, configurable: true })
    const options = { public_key: { challenge: 'AQ', rp: { id: 'shop.example.com', name: 'Back office' } } }
    const api = apiWith({
      readInvite: vi.fn(() => Promise.resolve({ ...INVITE, accepted: true })),
      invitePasskeyOptions: vi.fn(() => Promise.resolve(options)),
      enrolPasskey: vi.fn(() => Promise.resolve({ staff: STAFF, recovery_codes: CODES })),
    })
    const { user } = renderFlow(api)
    await user.click(await screen.findByRole('button', { name: 'Use a passkey' }))
    expect(parseCreationOptionsFromJSON).toHaveBeenCalledWith(options.public_key)
    expect(create).toHaveBeenCalledWith({ publicKey: parsed })
    expect(api.enrolPasskey).toHaveBeenCalledWith(TOKEN, credentialJson)
    expect(await screen.findByRole('list', { name: 'Recovery codes' })).toBeTruthy()
    Reflect.deleteProperty(navigator, 'credentials')
  })
})
