import { Trans } from '@lingui/react/macro'
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { useEffect } from 'react'
import { isChunkLoadError } from '~/build/update-check'
import { reloadAfterChunkFailure } from '~/build/chunk-reload'
import { ERROR_REDIRECT_MS, errorScreenModel, shouldReportError, type RefusalReason } from '~/errors/error-model'

/** The error screen of §2: a numeric code, an upper-case message, and home after 5 seconds. */
export function ErrorView({ error, detail }: { error: unknown; detail?: string }) {
  const router = useRouter()
  const model = errorScreenModel(error)

  useEffect(() => {
    if (isChunkLoadError(error) && reloadAfterChunkFailure()) return
    if (shouldReportError(model.code)) console.error('Unhandled error', error)
    const timer = setTimeout(() => {
      void router.navigate({ to: '/', replace: true })
    }, ERROR_REDIRECT_MS)
    return () => clearTimeout(timer)
  }, [error, model.code, router])

  return (
    <section className="error-screen" role="alert" aria-live="assertive">
      <p className="error-screen__code">{model.code}</p>
      <h1 className="error-screen__message">
        {model.kind === 'not-found' ? (
          <Trans>PAGE NOT FOUND</Trans>
        ) : model.kind === 'unavailable' ? (
          <Trans>THE SHOP IS BUSY FOR A MOMENT. PLEASE TRY AGAIN SHORTLY.</Trans>
        ) : model.kind === 'refused' ? (
          <RefusalMessage reason={model.reason} />
        ) : model.kind === 'message' ? (
          model.message
        ) : (
          <Trans>AN ERROR OCCURRED</Trans>
        )}
      </h1>
      {detail ? (
        <p className="error-screen__detail">
          <Trans>Page not found: {detail}</Trans>
        </p>
      ) : null}
      <p className="error-screen__hint">
        <Trans>You will be taken to the home page in a few seconds.</Trans>
      </p>
    </section>
  )
}

function RefusalMessage({ reason }: { reason: RefusalReason }) {
  switch (reason) {
    case 'invalid':
      return <Trans>INVALID REQUEST. PLEASE CHECK THE ADDRESS OR THE FILTERS.</Trans>
    case 'login':
      return <Trans>PLEASE LOG IN AGAIN.</Trans>
    case 'forbidden':
      return <Trans>THIS PAGE IS NOT AVAILABLE TO YOU.</Trans>
    case 'too-many':
      return <Trans>TOO MANY REQUESTS. PLEASE WAIT A MOMENT AND TRY AGAIN.</Trans>
    default:
      return <Trans>THE REQUEST COULD NOT BE COMPLETED.</Trans>
  }
}

export function ErrorScreen({ error }: ErrorComponentProps) {
  return <ErrorView error={error} />
}
