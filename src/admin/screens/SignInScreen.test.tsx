// @vitest-environment jsdom
import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as adminApi from '../api'
import { SignInFlow, type SignInApi } from './SignInScreen'

afterEach(cleanup)

const notCalled = () => vi.fn(() => Promise.reject(new Error('not called')))

/** A sign-in API whose calls reject unless the test gives them. */
function apiWith(calls: Partial<SignInApi>): SignInApi {
  return {
    startSignIn: notCalled(),
    verifySignInCode: notCalled(),
    finishSignIn: notCalled(),
    signInPasskeyOptions: notCalled(),
    finishSignInWithPasskey: notCalled(),
    ...calls,
  }
}

function renderFlow(api: SignInApi) {
  const i18n = setupI18n()
  i18n.loadAndActivate({ locale: 'en', messages: {} })
  const onSignedIn = vi.fn()
  render(
    <I18nProvider i18n={i18n}>
      <SignInFlow api={api} language="en" onSignedIn={onSignedIn} />
    </I18nProvider>,
  )
  return { onSignedIn, user: userEvent.setup() }
}

const ROLE: adminApi.Role = { id: 'read_only', name: 'Read-only', built_in: true, permissions: ['orders:read'] }
const SESSION: adminApi.Me = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Nok',
  email: 'nok@example.com',
  language: 'th',
  role: ROLE,
  permissions: ['orders:read'],
  session: null,
  actor_type: 'staff',
}

describe('the sign-in (e-mail, code, second factor)', () => {
  it('goes through its three steps with one field each', async () => {
    const api = apiWith({
      startSignIn: vi.fn(() =>
        Promise.resolve({ sign_in_token: 'tok', ref_code: 'AB12', expires_at: '2026-11-27T00:10:00Z' }),
      ),
      verifySignInCode: vi.fn(() => Promise.resolve({ factors: ['totp' as const] })),
      finishSignIn: vi.fn(() => Promise.resolve(SESSION)),
    })
    const { onSignedIn, user } = renderFlow(api)
    await user.type(screen.getByLabelText('Work e-mail address'), ' nok@example.com ')
    await user.click(screen.getByRole('button', { name: 'Send code' }))
    expect(api.startSignIn).toHaveBeenCalledWith({ email: 'nok@example.com', language: 'en' })

    expect(await screen.findByText('We sent a 6-digit code to nok@example.com (reference AB12).')).toBeTruthy()
    await user.type(screen.getByLabelText('Code from the e-mail'), '123456')
    await user.click(screen.getByRole('button', { name: 'Check code' }))
    expect(api.verifySignInCode).toHaveBeenCalledWith({ signInToken: 'tok', code: '123456' })

    await user.type(await screen.findByLabelText('Second factor'), 'rc-1234-5678')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(api.finishSignIn).toHaveBeenCalledWith({
      signInToken: 'tok',
      factor: { kind: 'recovery_code', code: 'rc-1234-5678' },
    })
    expect(onSignedIn).toHaveBeenCalledWith(SESSION)
  })

  it('says what is wrong under the field, and does not call the API', async () => {
    const api = apiWith({
      startSignIn: vi.fn(() => Promise.reject(new Error('not called'))),
      verifySignInCode: vi.fn(() => Promise.reject(new Error('not called'))),
      finishSignIn: vi.fn(() => Promise.reject(new Error('not called'))),
    })
    const { user } = renderFlow(api)
    const field = screen.getByLabelText('Work e-mail address')
    await user.type(field, 'not an address')
    await user.click(screen.getByRole('button', { name: 'Send code' }))
    expect(field.getAttribute('aria-invalid')).toBe('true')
    expect(field.getAttribute('aria-describedby')).toBeTruthy()
    expect(screen.getByText('Enter an e-mail address such as name@example.com.')).toBeTruthy()
    expect(document.activeElement).toBe(field)
    expect(api.startSignIn).not.toHaveBeenCalled()
  })

  it('shows the refusal the API wrote in the staff member’s language, and keeps the step', async () => {
    const api = apiWith({
      startSignIn: vi.fn(() =>
        Promise.resolve({ sign_in_token: 'tok', ref_code: 'AB12', expires_at: '2026-11-27T00:10:00Z' }),
      ),
      verifySignInCode: vi.fn(() =>
        Promise.reject(new adminApi.AdminApiError(400, 'OTP_INCORRECT', 'The code is not right')),
      ),
      finishSignIn: vi.fn(() => Promise.reject(new Error('not called'))),
    })
    const { user } = renderFlow(api)
    await user.type(screen.getByLabelText('Work e-mail address'), 'nok@example.com')
    await user.click(screen.getByRole('button', { name: 'Send code' }))
    await user.type(await screen.findByLabelText('Code from the e-mail'), '000000')
    await user.click(screen.getByRole('button', { name: 'Check code' }))
    expect((await screen.findByRole('alert')).textContent).toBe('The code is not right')
    expect(screen.getByLabelText('Code from the e-mail')).toBeTruthy()
  })
})

const started = () =>
  vi.fn(() => Promise.resolve({ sign_in_token: 'tok', ref_code: 'AB12', expires_at: '2026-11-27T00:10:00Z' }))

/** Through the e-mail and its code to the second factor, with the factors the API lists. */
async function toSecondFactor(api: SignInApi, user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Work e-mail address'), 'nok@example.com')
  await user.click(screen.getByRole('button', { name: 'Send code' }))
  await user.type(await screen.findByLabelText('Code from the e-mail'), '123456')
  await user.click(screen.getByRole('button', { name: 'Check code' }))
  expect(api.verifySignInCode).toHaveBeenCalled()
}

describe('the sign-in’s second factor', () => {
  const OPTIONS = { public_key: { challenge: 'Y2hhbGxlbmdl', rpId: 'shop.example.com', allowCredentials: [] } }
  const CREDENTIAL_JSON = { id: 'cred', rawId: 'cred', type: 'public-key', response: {}, clientExtensionResults: {} }
  const parsed = { challenge: new Uint8Array([1, 2, 3]) }
  let parseRequestOptionsFromJSON: ReturnType<typeof vi.fn>
  let get: ReturnType<typeof vi.fn>

  // The browser's WebAuthn API (not ours): jsdom has none, so the test gives what Chromium would.
  beforeEach(() => {
    parseRequestOptionsFromJSON = vi.fn(() => parsed)
    get = vi.fn(() => Promise.resolve({ type: 'public-key', toJSON: () => CREDENTIAL_JSON }))
    vi.stubGlobal('PublicKeyCredential', { parseRequestOptionsFromJSON, parseCreationOptionsFromJSON: vi.fn() })
    Object.defineProperty(navigator, 'credentials', { value: { get, create: vi.fn() }, configurable: true })
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    Reflect.deleteProperty(navigator, 'credentials')
  })

  it('offers a passkey when the staff member has one, and signs in with the credential the browser made', async () => {
    const api = apiWith({
      startSignIn: started(),
      verifySignInCode: vi.fn(() => Promise.resolve({ factors: ['totp' as const, 'passkey' as const] })),
      signInPasskeyOptions: vi.fn(() => Promise.resolve(OPTIONS)),
      finishSignInWithPasskey: vi.fn(() => Promise.resolve(SESSION)),
    })
    const { onSignedIn, user } = renderFlow(api)
    await toSecondFactor(api, user)
    expect(screen.getByLabelText('Second factor')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Use a passkey' }))
    expect(api.signInPasskeyOptions).toHaveBeenCalledWith('tok')
    expect(parseRequestOptionsFromJSON).toHaveBeenCalledWith(OPTIONS.public_key)
    expect(get).toHaveBeenCalledWith({ publicKey: parsed })
    expect(api.finishSignInWithPasskey).toHaveBeenCalledWith('tok', CREDENTIAL_JSON)
    expect(onSignedIn).toHaveBeenCalledWith(SESSION)
  })

  it('offers no passkey to a staff member without one, and only the passkey to one with nothing else', async () => {
    const totpOnly = apiWith({
      startSignIn: started(),
      verifySignInCode: vi.fn(() => Promise.resolve({ factors: ['totp' as const, 'recovery_code' as const] })),
    })
    const first = renderFlow(totpOnly)
    await toSecondFactor(totpOnly, first.user)
    expect(screen.getByLabelText('Second factor')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).toBeNull()
    cleanup()

    const passkeyOnly = apiWith({
      startSignIn: started(),
      verifySignInCode: vi.fn(() => Promise.resolve({ factors: ['passkey' as const] })),
    })
    const second = renderFlow(passkeyOnly)
    await toSecondFactor(passkeyOnly, second.user)
    expect(await screen.findByRole('button', { name: 'Use a passkey' })).toBeTruthy()
    expect(screen.queryByLabelText('Second factor')).toBeNull()
  })

  it('says so when the passkey dialog is closed, and keeps the step', async () => {
    get.mockImplementation(() => Promise.reject(new DOMException('closed', 'NotAllowedError')))
    const api = apiWith({
      startSignIn: started(),
      verifySignInCode: vi.fn(() => Promise.resolve({ factors: ['totp' as const, 'passkey' as const] })),
      signInPasskeyOptions: vi.fn(() => Promise.resolve(OPTIONS)),
    })
    const { onSignedIn, user } = renderFlow(api)
    await toSecondFactor(api, user)
    await user.click(screen.getByRole('button', { name: 'Use a passkey' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The passkey was not used. Try again, or use another way to sign in.',
    )
    expect(api.finishSignInWithPasskey).not.toHaveBeenCalled()
    expect(onSignedIn).not.toHaveBeenCalled()
    expect(screen.getByRole('button', { name: 'Use a passkey' })).toBeTruthy()
  })

  it('goes back to the e-mail with the API’s message when the connection is locked', async () => {
    const api = apiWith({
      startSignIn: started(),
      verifySignInCode: vi.fn(() => Promise.resolve({ factors: ['totp' as const] })),
      finishSignIn: vi.fn(() =>
        Promise.reject(new adminApi.AdminApiError(423, 'LOCKED', 'Too many wrong tries: try again later')),
      ),
    })
    const { user } = renderFlow(api)
    await toSecondFactor(api, user)
    await user.type(screen.getByLabelText('Second factor'), '000000')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Too many wrong tries: try again later')
    expect(screen.getByLabelText('Work e-mail address')).toBeTruthy()
    expect(screen.queryByLabelText('Second factor')).toBeNull()
  })
})
