import { Trans } from '@lingui/react/macro'
import { useRouteContext } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useMemo, useState } from 'react'
import { setAnalyticsVariant } from '~/analytics/datalayer'
import { initConsent, manageConsent, useConsentState } from './consent-store'
import { applyConsent } from './gtm'

/**
 * The banner's code is needed only while the shopper has not chosen (or opens the choice again): the browser
 * loads it then, not with every page (issue 18). The server renders it at once, so a first visit's HTML has
 * the banner and the browser keeps that HTML until the code has come.
 */
const ConsentBanner = import.meta.env.SSR
  ? (await import('./ConsentBanner')).ConsentBanner
  : lazy(() => import('./ConsentBanner').then(({ ConsentBanner }) => ({ default: ConsentBanner })))

/**
 * The cookie choice of §2/§4 on every page: the tag manager follows it (loaded with the page's nonce once
 * analytics or advertising is allowed), and the banner shows while there is no choice.
 */
export function ConsentGate() {
  const boot = useRouteContext({ from: '__root__', select: (context) => context.boot })
  initConsent(boot.consent)
  const { consent, managing } = useConsentState(boot.consent)
  const gtmId = boot.config.gtmId
  const nonce = boot.nonce

  useEffect(() => {
    setAnalyticsVariant(boot.abVariant)
    applyConsent(consent, gtmId, nonce)
  }, [consent, gtmId, nonce, boot.abVariant])

  // Once loaded, the banner stays mounted: its preferences dialog closes itself (and gives focus back).
  const needed = consent === null || managing
  const [mounted, setMounted] = useState(needed)
  if (needed && !mounted) setMounted(true)
  // The same element on every render: while the banner's code is on its way, the server's banner stays as it is.
  // A new element would be an update to the part React has not hydrated yet, which React answers by dropping the
  // server's HTML and rendering the fallback (the banner vanished and came back: a layout shift).
  const banner = useMemo(
    () => (
      <Suspense fallback={null}>
        <ConsentBanner />
      </Suspense>
    ),
    [],
  )
  return mounted ? banner : null
}

/** The footer's way back to the preferences. */
export function ManageCookiesLink() {
  return (
    <button type="button" className="link-button" onClick={() => manageConsent(true)}>
      <Trans>Cookie settings</Trans>
    </button>
  )
}
