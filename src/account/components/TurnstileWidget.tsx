import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react'
import { TURNSTILE_SCRIPT_URL } from '~/config/constants'

/** The part of Cloudflare's `turnstile` global this widget uses (explicit rendering). */
type TurnstileRenderOptions = {
  sitekey: string
  language: 'th' | 'en'
  theme: 'light' | 'dark' | 'auto'
  callback: (token: string) => void
  'expired-callback': () => void
  'timeout-callback': () => void
  'error-callback': (code: string) => void
}

export type TurnstileApi = {
  /** Draws a widget into the element and returns its id (nothing when it could not). */
  render: (container: HTMLElement, options: TurnstileRenderOptions) => string | null | undefined
  remove: (widgetId: string) => void
}

declare global {
  interface Window {
    /** Cloudflare Turnstile's API, once its script has run. */
    turnstile?: TurnstileApi
  }
}

/** How long the script may take before the widget says it could not load. */
export const TURNSTILE_SCRIPT_TIMEOUT_MS = 15_000

let loading: Promise<TurnstileApi> | null = null

/**
 * Adds Cloudflare's script to the page once, when the first widget mounts (never on pages without one). A failure
 * removes the tag, so that a widget mounted later tries again.
 */
function loadTurnstile(): Promise<TurnstileApi> {
  if (window.turnstile) return Promise.resolve(window.turnstile)
  loading ??= new Promise<TurnstileApi>((resolve, reject) => {
    const script = document.createElement('script')
    let failed = false
    const fail = (error: Error) => {
      if (failed) return
      failed = true
      window.clearTimeout(timer)
      script.remove()
      loading = null
      reject(error)
    }
    const timer = window.setTimeout(
      () => fail(new Error('Turnstile: the script did not load in time')),
      TURNSTILE_SCRIPT_TIMEOUT_MS,
    )
    script.src = TURNSTILE_SCRIPT_URL
    script.async = true
    script.defer = true
    script.addEventListener('load', () => {
      window.clearTimeout(timer)
      if (window.turnstile) resolve(window.turnstile)
      else fail(new Error('Turnstile: the script loaded without its API'))
    })
    script.addEventListener('error', () => fail(new Error('Turnstile: the script could not load')))
    document.head.appendChild(script)
  })
  return loading
}

/**
 * Cloudflare Turnstile's widget, the optional bot check of the account forms: gives its token to `onToken`, and
 * null when the token expires or the check fails (the form then waits for a new one).
 */
export function TurnstileWidget({ siteKey, onToken }: { siteKey: string; onToken: (token: string | null) => void }) {
  const { i18n } = useLingui()
  const language = i18n.locale.startsWith('th') ? 'th' : 'en'
  const id = useId()
  const container = useRef<HTMLDivElement>(null)
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading')
  const giveToken = useEffectEvent((token: string | null) => onToken(token))

  useEffect(() => {
    let cancelled = false
    let rendered: { api: TurnstileApi; widgetId: string } | null = null
    loadTurnstile().then(
      (api) => {
        const element = container.current
        if (cancelled || !element) return
        try {
          const widgetId = api.render(element, {
            sitekey: siteKey,
            language,
            theme: 'light',
            callback: (token) => giveToken(token),
            'expired-callback': () => giveToken(null),
            'timeout-callback': () => giveToken(null),
            // Handled here (Turnstile throws when no error callback is set); the widget shows its own message.
            'error-callback': () => giveToken(null),
          })
          if (widgetId) rendered = { api, widgetId }
          setStatus('ready')
        } catch {
          setStatus('failed')
          giveToken(null)
        }
      },
      () => {
        if (cancelled) return
        setStatus('failed')
        giveToken(null)
      },
    )
    return () => {
      cancelled = true
      if (!rendered) return
      try {
        rendered.api.remove(rendered.widgetId)
      } catch {
        // Already gone with the page.
      }
    }
  }, [siteKey, language])

  return (
    <div className="field turnstile">
      <span id={`${id}-label`}>
        <Trans>Security check</Trans>
      </span>
      <p id={`${id}-hint`} className="field-hint">
        <Trans>This check keeps automated programs out of member accounts. It usually finishes by itself.</Trans>
      </p>
      {status === 'loading' ? (
        <p className="field-hint" role="status">
          <Trans>Loading the security check…</Trans>
        </p>
      ) : null}
      {status === 'failed' ? (
        <p className="field-error" role="alert">
          <Trans>
            The security check could not load. Please check your internet connection and reload the page, or try again
            later.
          </Trans>
        </p>
      ) : null}
      <div
        ref={container}
        className="turnstile__widget"
        role="group"
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        hidden={status === 'failed'}
      />
    </div>
  )
}
