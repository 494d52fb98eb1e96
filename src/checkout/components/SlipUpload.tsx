import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState } from 'react'
import { orderQuery } from '~/checkout/checkout.functions'
import type { LocaleCode } from '~/i18n/locales'

/** The largest slip picture the shop takes: checked here first, and by the server whatever the browser says. */
const SLIP_MAX_BYTES = 5 * 1024 * 1024

type SlipState = {
  slip: {
    status: 'paid' | 'review' | 'confirmed' | 'rejected'
    rejection: { words: string; note: string | null } | null
  } | null
  order_status: string
}

type Problem = 'notImage' | 'tooLarge' | 'notAllowed' | 'failed'

/** Where the order page's slip is read and sent: this page's own path and /slip (the language prefix kept). */
function slipPath(): string {
  return `${window.location.pathname.replace(/\/+$/, '')}/slip`
}

/**
 * The transfer slip on the order page of an unpaid bank transfer order (issue 31 item 6): the shopper chooses the
 * slip's picture (from the phone's gallery or its camera) and sends it; a slip that matches pays the order at once,
 * any other is checked by the shop, and a slip the shop rejected says why in the shopper's language. Loaded only on
 * such an order's page.
 */
export default function SlipUpload({ number, locale }: { number: string; locale: LocaleCode }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const id = useId()
  const [state, setState] = useState<SlipState | null>(null)
  const [file, setFile] = useState<File | null>(null)
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<Problem | null>(null)
  const input = useRef<HTMLInputElement>(null)

  useEffect(() => {
    // A picture chosen before React owned the page (a slow phone) fired no change that React heard: it counts too.
    const chosen = input.current?.files?.[0]
    if (chosen) setFile(chosen)
  }, [])

  useEffect(() => {
    let live = true
    fetch(slipPath(), { headers: { accept: 'application/json' } })
      .then((response) => (response.ok ? (response.json() as Promise<SlipState>) : null))
      .then((read) => {
        if (live && read) setState(read)
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [number])

  async function send() {
    if (!file) return
    if (file.size > SLIP_MAX_BYTES) {
      setProblem('tooLarge')
      return
    }
    setBusy(true)
    setProblem(null)
    try {
      const response = await fetch(slipPath(), {
        method: 'POST',
        headers: { 'content-type': file.type || 'application/octet-stream', accept: 'application/json' },
        body: file,
      })
      const answer = (await response.json().catch(() => null)) as
        (SlipState & { fields?: { slip?: string }; reason?: string }) | null
      if (response.status === 201 && answer) {
        setState(answer)
        setFile(null)
        if (answer.order_status !== 'awaiting_payment') {
          await queryClient.invalidateQueries({ queryKey: orderQuery(number, locale).queryKey })
        }
      } else if (answer?.fields?.slip === 'tooLarge' || response.status === 413) setProblem('tooLarge')
      else if (answer?.fields?.slip === 'notImage') setProblem('notImage')
      else if (response.status === 409) setProblem('notAllowed')
      else setProblem('failed')
    } catch {
      setProblem('failed')
    } finally {
      setBusy(false)
    }
  }

  const slip = state?.slip ?? null
  const rejectedWords = slip?.rejection?.words ?? ''
  const problems: Record<Problem, string> = {
    notImage: t`This file is not a slip picture: choose a JPEG, PNG or WebP image.`,
    tooLarge: t`The slip picture is larger than 5 MB: choose a smaller one.`,
    notAllowed: t`This order no longer takes a slip.`,
    failed: t`The slip could not be sent. Please try again.`,
  }
  if (slip?.status === 'paid' || slip?.status === 'confirmed') {
    return (
      <p className="form-success" role="status">
        <Trans>Your transfer slip confirmed the payment. Thank you!</Trans>
      </p>
    )
  }
  return (
    <section className="account-card slip-upload" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <Trans>Upload your transfer slip</Trans>
      </h2>
      {slip?.status === 'review' ? (
        <p className="form-success" role="status">
          <Trans>
            Thank you: we received your slip and are checking it. We will e-mail you once the payment is confirmed.
          </Trans>
        </p>
      ) : null}
      {slip?.status === 'rejected' && slip.rejection ? (
        <div className="form-alert" role="alert">
          <p>
            <Trans>Your last slip was not accepted: {rejectedWords}</Trans>
          </p>
          {slip.rejection.note ? <p>{slip.rejection.note}</p> : null}
        </div>
      ) : null}
      <form
        onSubmit={(event) => {
          event.preventDefault()
          void send()
        }}
      >
        <p>
          <label htmlFor={`${id}-file`}>
            <Trans>Slip picture (JPEG, PNG or WebP, up to 5 MB)</Trans>
          </label>
          <input
            ref={input}
            id={`${id}-file`}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            aria-describedby={problem ? `${id}-problem` : undefined}
            aria-invalid={problem ? true : undefined}
            onChange={(event) => {
              setProblem(null)
              setFile(event.target.files?.[0] ?? null)
            }}
          />
        </p>
        {problem ? (
          <p id={`${id}-problem`} className="form-alert" role="alert">
            {problems[problem]}
          </p>
        ) : null}
        <button type="submit" className="button button--solid" disabled={busy || !file}>
          {busy ? <Trans>Sending…</Trans> : <Trans>Send the slip</Trans>}
        </button>
      </form>
    </section>
  )
}
