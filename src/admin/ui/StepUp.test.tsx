// @vitest-environment jsdom
import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AdminApiError, type StepUp } from '../api'
import { isStepUpCancelled, useStepUp, type PasskeyGetter, type StepUpApi } from './StepUp'

afterEach(cleanup)

const STEPPED_UP: StepUp = { second_factor_at: '2026-11-27T10:00:00Z', step_up_until: '2999-01-01T00:00:00Z' }
const refusal = () => new AdminApiError(403, 'STEP_UP_REQUIRED', 'Confirm your second factor again to do this')

function stepUpApi(overrides: Partial<StepUpApi> = {}): StepUpApi {
  return {
    stepUpWithCode: vi.fn(() => Promise.resolve(STEPPED_UP)),
    stepUpPasskeyOptions: vi.fn(() => Promise.resolve({ public_key: { challenge: 'abc' } })),
    stepUpWithPasskey: vi.fn(() => Promise.resolve(STEPPED_UP)),
    ...overrides,
  }
}

/** A screen with one protected action behind a button; what the action's run ended with is written out. */
function Screen({
  action,
  api,
  passkeys = null,
  stepUpUntil,
}: {
  action: () => Promise<string>
  api: StepUpApi
  passkeys?: PasskeyGetter
  stepUpUntil?: string
}) {
  const stepUp = useStepUp({ api, passkeys, stepUpUntil })
  const [outcome, setOutcome] = useState('')
  const go = () =>
    stepUp.run(action).then(
      (value) => setOutcome(`done: ${value}`),
      (error: unknown) => setOutcome(isStepUpCancelled(error) ? 'cancelled' : `failed: ${String(error)}`),
    )
  return (
    <>
      <button type="button" onClick={() => void go()}>
        Revoke
      </button>
      <output>{outcome}</output>
      {stepUp.dialog}
    </>
  )
}

function renderScreen(props: Parameters<typeof Screen>[0]) {
  const i18n = setupI18n()
  i18n.loadAndActivate({ locale: 'en', messages: {} })
  render(
    <I18nProvider i18n={i18n}>
      <Screen {...props} />
    </I18nProvider>,
  )
  return userEvent.setup()
}

const outcome = () => document.querySelector('output')?.textContent

describe('step-up (the second factor again, then the action once more)', () => {
  it('asks when the action is refused, gives the recovery code, and retries the action once', async () => {
    const action = vi.fn().mockRejectedValueOnce(refusal()).mockResolvedValueOnce('revoked')
    const api = stepUpApi()
    const user = renderScreen({ action, api })
    await user.click(screen.getByRole('button', { name: 'Revoke' }))

    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' })
    const field = screen.getByLabelText('Authenticator code or recovery code')
    expect(dialog.contains(document.activeElement)).toBe(true)
    expect(document.activeElement).toBe(field)
    await user.type(field, 'abcde-23456')
    await user.click(screen.getByRole('button', { name: 'Confirm' }))

    await waitFor(() => expect(outcome()).toBe('done: revoked'))
    expect(api.stepUpWithCode).toHaveBeenCalledWith({ kind: 'recovery_code', code: 'abcde-23456' })
    expect(action).toHaveBeenCalledTimes(2)
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('takes an authenticator app’s 6 digits as a TOTP code', async () => {
    const action = vi.fn().mockRejectedValueOnce(refusal()).mockResolvedValueOnce('ok')
    const api = stepUpApi()
    const user = renderScreen({ action, api })
    await user.click(screen.getByRole('button', { name: 'Revoke' }))
    await user.type(await screen.findByLabelText('Authenticator code or recovery code'), ' 123456 ')
    await user.keyboard('{Enter}')
    await waitFor(() => expect(outcome()).toBe('done: ok'))
    expect(api.stepUpWithCode).toHaveBeenCalledWith({ kind: 'totp', code: '123456' })
  })

  it('is cancelled by Escape: the action is not done and the focus goes back to the button', async () => {
    const action = vi.fn().mockRejectedValue(refusal())
    const api = stepUpApi()
    const user = renderScreen({ action, api })
    const button = screen.getByRole('button', { name: 'Revoke' })
    await user.click(button)
    await screen.findByRole('dialog')
    await user.keyboard('{Escape}')

    await waitFor(() => expect(outcome()).toBe('cancelled'))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(button)
    expect(action).toHaveBeenCalledTimes(1)
    expect(api.stepUpWithCode).not.toHaveBeenCalled()
  })

  it('says a wrong code in the dialog and keeps it open; a malformed one is not sent', async () => {
    const action = vi.fn().mockRejectedValueOnce(refusal()).mockResolvedValueOnce('ok')
    const api = stepUpApi({
      stepUpWithCode: vi
        .fn()
        .mockRejectedValueOnce(new AdminApiError(400, 'SECOND_FACTOR_INCORRECT', 'The second factor is not right'))
        .mockResolvedValueOnce(STEPPED_UP),
    })
    const user = renderScreen({ action, api })
    await user.click(screen.getByRole('button', { name: 'Revoke' }))
    const field = await screen.findByLabelText('Authenticator code or recovery code')

    await user.type(field, '12')
    await user.click(screen.getByRole('button', { name: 'Confirm' }))
    expect(screen.getByText('Enter 6 digits or a recovery code.')).toBeTruthy()
    expect(field.getAttribute('aria-invalid')).toBe('true')
    expect(api.stepUpWithCode).not.toHaveBeenCalled()

    await user.clear(field)
    await user.type(field, '000000')
    await user.click(screen.getByRole('button', { name: 'Confirm' }))
    expect((await screen.findByRole('alert')).textContent).toBe('The second factor is not right')
    expect(screen.getByRole('dialog')).toBeTruthy()
    expect(action).toHaveBeenCalledTimes(1)

    await user.clear(field)
    await user.type(field, '111111')
    await user.click(screen.getByRole('button', { name: 'Confirm' }))
    await waitFor(() => expect(outcome()).toBe('done: ok'))
  })

  it('retries only once: a second refusal is the action’s failure', async () => {
    const action = vi.fn().mockRejectedValue(refusal())
    const user = renderScreen({ action, api: stepUpApi() })
    await user.click(screen.getByRole('button', { name: 'Revoke' }))
    await user.type(await screen.findByLabelText('Authenticator code or recovery code'), '123456')
    await user.click(screen.getByRole('button', { name: 'Confirm' }))
    await waitFor(() => expect(outcome()).toMatch(/^failed: /))
    expect(action).toHaveBeenCalledTimes(2)
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('asks before the call when the session’s window has already passed', async () => {
    const action = vi.fn().mockResolvedValue('ok')
    const user = renderScreen({ action, api: stepUpApi(), stepUpUntil: '2000-01-01T00:00:00Z' })
    await user.click(screen.getByRole('button', { name: 'Revoke' }))
    await screen.findByRole('dialog')
    expect(action).not.toHaveBeenCalled()
    await user.type(screen.getByLabelText('Authenticator code or recovery code'), '123456')
    await user.click(screen.getByRole('button', { name: 'Confirm' }))
    await waitFor(() => expect(outcome()).toBe('done: ok'))
    expect(action).toHaveBeenCalledTimes(1)
  })

  it('offers a passkey when the browser has WebAuthn, and gives the credential it made', async () => {
    const action = vi.fn().mockRejectedValueOnce(refusal()).mockResolvedValueOnce('ok')
    const api = stepUpApi()
    const credential = { id: 'c', rawId: 'c', type: 'public-key' as const, response: {}, clientExtensionResults: {} }
    const passkeys = vi.fn(() => Promise.resolve(credential))
    const user = renderScreen({ action, api, passkeys })
    await user.click(screen.getByRole('button', { name: 'Revoke' }))
    await user.click(await screen.findByRole('button', { name: 'Use a passkey' }))
    await waitFor(() => expect(outcome()).toBe('done: ok'))
    expect(passkeys).toHaveBeenCalledWith({ public_key: { challenge: 'abc' } })
    expect(api.stepUpWithPasskey).toHaveBeenCalledWith(credential)
  })

  it('offers no passkey when the browser cannot', async () => {
    const action = vi.fn().mockRejectedValueOnce(refusal())
    const user = renderScreen({ action, api: stepUpApi(), passkeys: null })
    await user.click(screen.getByRole('button', { name: 'Revoke' }))
    await screen.findByRole('dialog')
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).toBeNull()
  })
})
