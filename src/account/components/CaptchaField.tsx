import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { createElement, useEffect, useId, useRef, useState } from 'react'
import type { CaptchaPrompt } from '~/account/account-result'
import { useLocale } from '~/i18n/use-locale'
import { TurnstileWidget } from './TurnstileWidget'

type AltchaEventDetail = { state?: string; payload?: string }

/** The widget's own words, from the shop's catalogs (Thai and English), in place of ALTCHA's translations. */
function altchaStrings(i18n: I18n): Record<string, string> {
  return {
    label: i18n._(msg`I am not a robot`),
    verify: i18n._(msg`Check`),
    verifying: i18n._(msg`Checking…`),
    verified: i18n._(msg`Checked`),
    waitAlert: i18n._(msg`Checking… please wait.`),
    verificationRequired: i18n._(msg`Please wait for the check to finish.`),
    error: i18n._(msg`The check failed. Please try again later.`),
    expired: i18n._(msg`The check expired. Please try again.`),
    loading: i18n._(msg`Loading the check…`),
    reload: i18n._(msg`Reload`),
    cancel: i18n._(msg`Cancel`),
    // Image and audio codes are never asked for (the shop's challenges have none); their words are there anyway.
    enterCode: i18n._(msg`Enter the code`),
    enterCodeAria: i18n._(msg`Enter the code you hear. Press Space to play the audio.`),
    enterCodeFromImage: i18n._(msg`To continue, enter the code from the image below.`),
    getAudioChallenge: i18n._(msg`Play the code as audio`),
    ariaLinkLabel: 'ALTCHA',
    footer: '',
  }
}

let altchaLoaded: Promise<void> | null = null

/**
 * The ALTCHA widget and its proof-of-work worker, fetched only when a form asks for the check (never in a page's
 * first load). The worker comes from this site, not a blob (CSP: worker-src 'self').
 */
function loadAltcha(): Promise<void> {
  altchaLoaded ??= (async () => {
    const [, worker] = await Promise.all([
      import('altcha/external'),
      import('altcha/workers/pbkdf2?worker'),
      import('altcha/altcha.css'),
    ])
    globalThis.$altcha.algorithms.set('PBKDF2/SHA-256', () => new worker.default())
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
  const { i18n } = useLingui()
  const [widget, setWidget] = useState<HTMLElement | null>(null)
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading')
  const solved = useRef(onSolved)
  useEffect(() => {
    solved.current = onSolved
  }, [onSolved])

  useEffect(() => {
    let live = true
    loadAltcha().then(
      () => {
        globalThis.$altcha.i18n.set(locale, altchaStrings(i18n))
        if (live) setState('ready')
      },
      () => live && setState('failed'),
    )
    return () => {
      live = false
    }
  }, [i18n, locale])

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
