import { Trans, useLingui } from '@lingui/react/macro'
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import * as adminApi from '../api'
import { ErrorNotice } from '../screens/ErrorScreen'
import { StepUpCancelled, isStepUpCancelled, stepUpCode } from './step-up'

export { StepUpCancelled, isStepUpCancelled } from './step-up'

/**
 * Step-up (DESIGN.md §8, decision 172): money, permission, key and export actions are refused with STEP_UP_REQUIRED
 * when the session's second factor is older than 5 minutes. `useStepUp` wraps such an action: when it is refused, a
 * modal dialog asks for the second factor again (an authenticator app's code, a recovery code, or a passkey), gives it
 * to the API, then tries the action once more. When the session says its window has already passed (`step_up_until`
 * by this browser's clock), the dialog asks before the call instead of after its refusal.
 */

/** The calls the step-up makes (api.ts; a test gives its own). */
export type StepUpApi = Pick<typeof adminApi, 'stepUpWithCode' | 'stepUpPasskeyOptions' | 'stepUpWithPasskey'>

/** What asks the browser for a passkey: null when it cannot (no WebAuthn, or no JSON helpers). */
export type PasskeyGetter = ((options: adminApi.WebAuthnOptions) => Promise<adminApi.WebAuthnCredential>) | null

/** The browser's passkey, through the WebAuthn JSON helpers (Chromium 129+, Safari 18+, Firefox 119+). */
function browserPasskeys(): PasskeyGetter {
  if (typeof window === 'undefined' || typeof window.PublicKeyCredential?.parseRequestOptionsFromJSON !== 'function')
    return null
  return async (options) => {
    const publicKey = PublicKeyCredential.parseRequestOptionsFromJSON(
      options.public_key as unknown as PublicKeyCredentialRequestOptionsJSON,
    )
    const credential = await navigator.credentials.get({ publicKey })
    if (!(credential instanceof PublicKeyCredential)) throw new StepUpCancelled()
    return credential.toJSON() as unknown as adminApi.WebAuthnCredential
  }
}

type Waiting = { resolve: () => void; reject: (error: unknown) => void }

export type StepUpOptions = {
  api?: StepUpApi
  passkeys?: PasskeyGetter
  /** The session's end of the step-up window (`me.session.step_up_until`), when known. */
  stepUpUntil?: string | null
  /** The second factor was given again: the new window (the screen may keep it in its cache). */
  onSteppedUp?: (stepUp: adminApi.StepUp) => void
}

/**
 * `run(action)` does the action, asking for the second factor again when the API wants it (then the action is tried
 * once more; a second refusal is the action's failure). It rejects with {@link StepUpCancelled} when the dialog is
 * closed. Render `dialog` once in the screen.
 */
export function useStepUp({ api = adminApi, passkeys, stepUpUntil, onSteppedUp }: StepUpOptions = {}) {
  const [waiting, setWaiting] = useState<Waiting | null>(null)
  const until = useRef(stepUpUntil ? Date.parse(stepUpUntil) : null)
  useEffect(() => {
    until.current = stepUpUntil ? Date.parse(stepUpUntil) : until.current
  }, [stepUpUntil])

  const ask = useCallback(() => new Promise<void>((resolve, reject) => setWaiting({ resolve, reject })), [])

  const run = useCallback(
    async <T,>(action: () => Promise<T>): Promise<T> => {
      if (until.current !== null && until.current <= Date.now()) await ask()
      try {
        return await action()
      } catch (error) {
        if (!adminApi.isRefusal(error, 'STEP_UP_REQUIRED')) throw error
        await ask()
        return action()
      }
    },
    [ask],
  )

  const steppedUp = useCallback(
    (stepUp: adminApi.StepUp) => {
      // The window's length by this browser's clock, which may be off the server's: the next action is not asked
      // again for a skew (a clock behind is covered by the API's refusal).
      until.current = Date.now() + (Date.parse(stepUp.step_up_until) - Date.parse(stepUp.second_factor_at))
      onSteppedUp?.(stepUp)
      waiting?.resolve()
      setWaiting(null)
    },
    [onSteppedUp, waiting],
  )
  const cancelled = useCallback(() => {
    waiting?.reject(new StepUpCancelled())
    setWaiting(null)
  }, [waiting])

  const dialog = waiting ? (
    <StepUpDialog
      api={api}
      passkeys={passkeys === undefined ? browserPasskeys() : passkeys}
      onSteppedUp={steppedUp}
      onCancel={cancelled}
    />
  ) : null
  return { run, dialog }
}

/**
 * The dialog itself: a native modal `<dialog>` (the page behind is inert), the focus on its field, Escape or Cancel
 * closes it, and the focus goes back where it was.
 */
export function StepUpDialog({
  api,
  passkeys,
  onSteppedUp,
  onCancel,
}: {
  api: StepUpApi
  passkeys: PasskeyGetter
  onSteppedUp: (stepUp: adminApi.StepUp) => void
  onCancel: () => void
}) {
  const { t } = useLingui()
  const id = useId()
  const dialog = useRef<HTMLDialogElement>(null)
  const input = useRef<HTMLInputElement>(null)
  const [value, setValue] = useState('')
  const [invalid, setInvalid] = useState(false)
  const [failure, setFailure] = useState<unknown>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (typeof element.showModal === 'function' && !element.open) element.showModal()
    else element.setAttribute('open', '')
    input.current?.focus()
    return () => {
      if (typeof element.close === 'function' && element.open) element.close()
      before?.focus()
    }
  }, [])

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy) return
    const parsed = stepUpCode.safeParse(value)
    setFailure(null)
    if (!parsed.success) {
      setInvalid(true)
      input.current?.focus()
      return
    }
    setInvalid(false)
    setBusy(true)
    try {
      const kind = /^\d{6}$/.test(parsed.data) ? 'totp' : 'recovery_code'
      onSteppedUp(await api.stepUpWithCode({ kind, code: parsed.data }))
    } catch (error) {
      setFailure(error)
      setBusy(false)
      input.current?.focus()
    }
  }

  const withPasskey = async () => {
    if (!passkeys || busy) return
    setFailure(null)
    setBusy(true)
    try {
      const credential = await passkeys(await api.stepUpPasskeyOptions())
      onSteppedUp(await api.stepUpWithPasskey(credential))
    } catch (error) {
      // A passkey prompt the browser closed is not a failure to show: the code stays available.
      if (!(error instanceof DOMException) && !isStepUpCancelled(error)) setFailure(error)
      setBusy(false)
    }
  }

  // Escape cancels (the native dialog's own `cancel` would close it behind React's back).
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Escape') return
    event.preventDefault()
    onCancel()
  }

  return (
    <dialog
      ref={dialog}
      className="admin-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-why`}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault()
        onCancel()
      }}
    >
      <form className="admin-form" noValidate onSubmit={(event) => void submit(event)}>
        <h2 id={`${id}-title`}>
          <Trans>Confirm it is you</Trans>
        </h2>
        <p id={`${id}-why`}>
          <Trans>
            This action needs your second factor again (it was given more than 5 minutes ago). The action is done as
            soon as you confirm.
          </Trans>
        </p>
        <div className="admin-field">
          <label htmlFor={`${id}-code`}>
            <Trans>Authenticator code or recovery code</Trans>
          </label>
          <input
            ref={input}
            id={`${id}-code`}
            type="text"
            autoComplete="one-time-code"
            value={value}
            required
            aria-invalid={invalid ? true : undefined}
            aria-describedby={invalid ? `${id}-error` : undefined}
            onChange={(event) => setValue(event.target.value)}
          />
          {invalid ? (
            <p id={`${id}-error`} className="admin-field__error">
              <Trans>Enter 6 digits or a recovery code.</Trans>
            </p>
          ) : null}
        </div>
        {failure ? <ErrorNotice error={failure} /> : null}
        <div className="admin-actions">
          <button type="submit" className="admin-button" disabled={busy} aria-busy={busy || undefined}>
            <Trans>Confirm</Trans>
          </button>
          {passkeys ? (
            <button
              type="button"
              className="admin-button admin-button--quiet"
              disabled={busy}
              onClick={() => void withPasskey()}
            >
              <Trans>Use a passkey</Trans>
            </button>
          ) : null}
          <button type="button" className="admin-button admin-button--quiet" onClick={onCancel}>
            {t`Cancel`}
          </button>
        </div>
      </form>
    </dialog>
  )
}
