import { Trans, useLingui } from '@lingui/react/macro'
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { AdminApiError, AdminApiNotAvailable } from '../api'
import { PasskeyCancelled } from '../passkey'
import { AdminForbidden } from '../session'
import { useAdminTitle } from '../ui/title'

/**
 * What a failure says: the API's refusal in the staff member's language (it writes its messages in the session's or the
 * request's language), a lost connection, a part of the admin API not built yet, or anything else.
 */
export function ErrorNotice({ error }: { error: unknown }) {
  if (error instanceof AdminForbidden) {
    return (
      <p role="alert" className="admin-notice">
        <Trans>Your role does not allow this screen. Ask an owner if you need it.</Trans>
      </p>
    )
  }
  if (error instanceof PasskeyCancelled) {
    return (
      <p role="alert" className="admin-notice">
        <Trans>The passkey was not used. Try again, or use another way to sign in.</Trans>
      </p>
    )
  }
  if (error instanceof DOMException) {
    // The browser refused the passkey itself (no authenticator, another site's passkey …).
    return (
      <p role="alert" className="admin-notice admin-notice--error">
        <Trans>This browser could not use the passkey.</Trans>
      </p>
    )
  }
  if (error instanceof AdminApiError && error.message) {
    return (
      <p role="alert" className="admin-notice admin-notice--error">
        {error.message}
      </p>
    )
  }
  if (error instanceof AdminApiError && error.reason === 'NETWORK') {
    return (
      <p role="alert" className="admin-notice admin-notice--error">
        <Trans>The shop’s server cannot be reached. Check the connection and try again.</Trans>
      </p>
    )
  }
  if (error instanceof AdminApiNotAvailable) {
    return (
      <p role="alert" className="admin-notice">
        <Trans>This part of the back office is not available yet.</Trans>
      </p>
    )
  }
  return (
    <p role="alert" className="admin-notice admin-notice--error">
      <Trans>Something went wrong. Try again in a moment.</Trans>
    </p>
  )
}

/** A screen that failed to render or load, inside the back office's frame. */
export function ErrorScreen({ error, reset }: ErrorComponentProps) {
  const { t } = useLingui()
  const router = useRouter()
  useAdminTitle(t`Error`)
  return (
    <section>
      <h1>
        <Trans>Something went wrong</Trans>
      </h1>
      <ErrorNotice error={error} />
      <button
        type="button"
        className="admin-button"
        onClick={() => {
          reset()
          void router.invalidate()
        }}
      >
        <Trans>Try again</Trans>
      </button>
    </section>
  )
}
