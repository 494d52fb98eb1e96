import { Trans, useLingui } from '@lingui/react/macro'
import { useRouteContext } from '@tanstack/react-router'
import { useId, useState } from 'react'
import { Modal } from '~/components/Modal'
import type { Consent } from './consent'
import { chooseConsent, manageConsent, useConsentState } from './consent-store'

/**
 * The cookie banner of §2/§4 (PDPA: marketing cookies only after opt-in): accept all, deny, or personalise
 * performance and advertising; strictly necessary cookies are always on. The choice loads the tag manager
 * (ConsentGate, which loads this component only while the shopper has not chosen or reopens the choice).
 */
export function ConsentBanner() {
  const { t } = useLingui()
  const boot = useRouteContext({ from: '__root__', select: (context) => context.boot })
  const { consent, managing } = useConsentState(boot.consent)
  const secure = boot.config.secureCookies

  const choose = (next: Consent) => chooseConsent(next, secure)

  return (
    <>
      {consent === null && !managing ? (
        <section className="consent-banner" aria-labelledby="consent-title">
          <h2 id="consent-title" className="consent-banner__title">
            <Trans>Cookies</Trans>
          </h2>
          <p>
            <Trans>
              We use cookies to run the shop. With your permission we also measure visits and show you relevant
              advertising.
            </Trans>
          </p>
          <div className="form-actions">
            <button
              type="button"
              className="button button--solid"
              onClick={() => choose({ accepted: true, ga: true, ad: true })}
            >
              <Trans>Accept all</Trans>
            </button>
            <button type="button" className="button" onClick={() => choose({ accepted: true, ga: false, ad: false })}>
              <Trans>Deny</Trans>
            </button>
            <button type="button" className="link-button" onClick={() => manageConsent(true)}>
              <Trans>Personalise</Trans>
            </button>
          </div>
        </section>
      ) : null}
      <Modal open={managing} onClose={() => manageConsent(false)} title={t`Manage cookies`}>
        {managing ? <Preferences consent={consent} onSave={choose} /> : null}
      </Modal>
    </>
  )
}

function Preferences({ consent, onSave }: { consent: Consent | null; onSave: (consent: Consent) => void }) {
  const [ga, setGa] = useState(consent?.ga ?? false)
  const [ad, setAd] = useState(consent?.ad ?? false)
  const ids = { necessary: useId(), ga: useId(), ad: useId() }
  return (
    <div className="consent-preferences">
      <div className="field field--check">
        <input id={ids.necessary} type="checkbox" checked disabled />
        <label htmlFor={ids.necessary}>
          <Trans>Strictly necessary (always active)</Trans>
        </label>
      </div>
      <div className="field field--check">
        <input id={ids.ga} type="checkbox" checked={ga} onChange={(event) => setGa(event.target.checked)} />
        <label htmlFor={ids.ga}>
          <Trans>Performance</Trans>
        </label>
      </div>
      <div className="field field--check">
        <input id={ids.ad} type="checkbox" checked={ad} onChange={(event) => setAd(event.target.checked)} />
        <label htmlFor={ids.ad}>
          <Trans>Advertising and marketing</Trans>
        </label>
      </div>
      <div className="form-actions">
        <button type="button" className="button button--solid" onClick={() => onSave({ accepted: true, ga, ad })}>
          <Trans>Save my choice</Trans>
        </button>
        <button type="button" className="button" onClick={() => onSave({ accepted: true, ga: true, ad: true })}>
          <Trans>Accept all</Trans>
        </button>
      </div>
    </div>
  )
}
