// @vitest-environment jsdom
import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import * as adminApi from '../api'
import { SignInFlow, type SignInApi } from './SignInScreen'

afterEach(cleanup)

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
    const api: SignInApi = {
      startSignIn: vi.fn(() =>
        Promise.resolve({ sign_in_token: 'tok', ref_code: 'AB12', expires_at: '2026-11-27T00:10:00Z' }),
      ),
      verifySignInCode: vi.fn(() => Promise.resolve({ factors: ['totp' as const] })),
      finishSignIn: vi.fn(() => Promise.resolve(SESSION)),
    }
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
    const api: SignInApi = {
      startSignIn: vi.fn(() => Promise.reject(new Error('not called'))),
      verifySignInCode: vi.fn(() => Promise.reject(new Error('not called'))),
      finishSignIn: vi.fn(() => Promise.reject(new Error('not called'))),
    }
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
    const api: SignInApi = {
      startSignIn: vi.fn(() =>
        Promise.resolve({ sign_in_token: 'tok', ref_code: 'AB12', expires_at: '2026-11-27T00:10:00Z' }),
      ),
      verifySignInCode: vi.fn(() =>
        Promise.reject(new adminApi.AdminApiError(400, 'OTP_INCORRECT', 'The code is not right')),
      ),
      finishSignIn: vi.fn(() => Promise.reject(new Error('not called'))),
    }
    const { user } = renderFlow(api)
    await user.type(screen.getByLabelText('Work e-mail address'), 'nok@example.com')
    await user.click(screen.getByRole('button', { name: 'Send code' }))
    await user.type(await screen.findByLabelText('Code from the e-mail'), '000000')
    await user.click(screen.getByRole('button', { name: 'Check code' }))
    expect((await screen.findByRole('alert')).textContent).toBe('The code is not right')
    expect(screen.getByLabelText('Code from the e-mail')).toBeTruthy()
  })
})
