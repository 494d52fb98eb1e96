import { Trans } from '@lingui/react/macro'
import { createElement, useEffect, useId, useRef, useState } from 'react'
import type { CaptchaPrompt } from '~/account/account-result'
import { useLocale } from '~/i18n/use-locale'
import { TurnstileWidget } from './TurnstileWidget'

type AltchaEventDetail = { state?: string; payload?: string }

let altchaLoaded: Promise<void> | null = null

/**
 * The ALTCHA widget, its Thai strings and its proof-of-work worker, fetched only when a form asks for the check
 * (never in a page's first load). The worker comes from this site, not a blob (CSP: worker-src 'self').
 */
function loadAltcha(): Promise<void> {
  altchaLoaded ??= (async () => {
    const [, , worker] = await Promise.all([
      import('altcha/external'),
      // Typed by the package, but its export map points the resolver of the linter at a types-only path.
      // eslint-disable-next-line import-x/no-unresolved
      import('altcha/i18n/th'),
      import('altcha/workers/pbkdf2?worker'),
      import('altcha/altcha.css'),
    ])
    const registry = (globalThis as { $altcha?: { algorithms: Map<string, () => Worker> } }).$altcha
    registry?.algorithms.set('PBKDF2/SHA-256', () => new worker.default())
  })().catch((error: unknown) => {
    altchaLoaded = null
    throw error
  })
  return altchaLoaded
}

/**
 * The bot check of §5 (issue 15), asked when a connection nears its limit of codes or has sent wrong codes: a
 * proof-of-work puzzle the browser solves by itself (ALTCHA), or Cloudflare Turnstile when the shop uses it. The
 * solution goes to `onSolved`; null while there is none.
 */
export function CaptchaField({
  prompt,
  onSolved,
}: {
  prompt: CaptchaPrompt
  onSolved: (solution: string | null) => void
}) {
  const id = useId()
  if (prompt.kind === 'turnstile') return <TurnstileWidget siteKey={prompt.siteKey} onToken={onSolved} />
  return <AltchaField id={id} challenge={prompt.challenge} onSolved={onSolved} />
}

function AltchaField({
  id,
  challenge,
  onSolved,
}: {
  id: string
  challenge: string
  onSolved: (solution: string | null) => void
}) {
  const locale = useLocale()
  const [widget, setWidget] = useState<HTMLElement | null>(null)
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading')
  const solved = useRef(onSolved)
  useEffect(() => {
    solved.current = onSolved
  }, [onSolved])

  useEffect(() => {
    let live = true
    loadAltcha().then(
      () => live && setState('ready'),
      () => live && setState('failed'),
    )
    return () => {
      live = false
    }
  }, [])

  useEffect(() => {
    if (!widget) return
    const onChange = (event: Event) => {
      const detail = (event as CustomEvent<AltchaEventDetail>).detail
      solved.current(detail.state === 'verified' && detail.payload ? detail.payload : null)
    }
    widget.addEventListener('statechange', onChange)
    return () => widget.removeEventListener('statechange', onChange)
  }, [widget])

  // A new challenge (the last one was refused or spent) starts with no solution.
  useEffect(() => {
    solved.current(null)
  }, [challenge])

  return (
    <div className="field captcha" role="group" aria-labelledby={id}>
      <p id={id} className="captcha__label">
        <Trans>Please confirm you are not a robot: your browser solves a short puzzle, nothing to type.</Trans>
      </p>
      {state === 'failed' ? (
        <p className="form-alert" role="alert">
          <Trans>The check could not be loaded. Please reload the page.</Trans>
        </p>
      ) : state === 'loading' ? (
        <p className="captcha__loading" aria-live="polite">
          <Trans>Loading the check…</Trans>
        </p>
      ) : (
        createElement('altcha-widget', {
          key: challenge,
          ref: setWidget,
          challenge,
          auto: 'onload',
          language: locale,
          name: 'altcha',
          configuration: JSON.stringify({ hideFooter: true, hideLogo: true, workers: 2 }),
          'data-testid': 'captcha-widget',
        })
      )}
    </div>
  )
}
