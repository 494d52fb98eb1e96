import { Trans } from '@lingui/react/macro'
import { useRouteContext } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useMemo, useState } from 'react'
import { setAnalyticsVariant } from '~/analytics/datalayer'
import { CONSENT_ACCEPTED_COOKIE } from './consent'
import type { ConsentBanner as ConsentBannerCode } from './ConsentBanner'
import { initConsent, manageConsent, useConsentState } from './consent-store'
import { applyConsent } from './gtm'

let bannerCode: Promise<{ default: typeof ConsentBannerCode }> | undefined
const loadBanner = () =>
  (bannerCode ??= import('./ConsentBanner').then(({ ConsentBanner }) => ({ default: ConsentBanner })))

/**
 * The banner's code is needed only while the shopper has not chosen (or opens the choice again): the browser
 * loads it then, not with every page (issue 18). The server renders it at once, so a first visit's HTML has
 * the banner; the browser asks for its code as soon as the entry runs.
 */
const ConsentBanner = import.meta.env.SSR ? (await import('./ConsentBanner')).ConsentBanner : lazy(loadBanner)
if (
  !import.meta.env.SSR &&
  !document.cookie.split('; ').some((cookie) => cookie.startsWith(`${CONSENT_ACCEPTED_COOKIE}=`))
) {
  void loadBanner().catch(() => undefined)
}

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
  // A banner the server rendered is hydrated with the page: the page waits for its code (a first visit only), so
  // that a tap on its buttons is never lost. One opened later (the footer's cookie settings) gets a boundary of its
  // own. The same element on every render: an update would make React drop the server's HTML and render again.
  const [rendered] = useState(needed)
  const banner = useMemo(
    () =>
      rendered ? (
        <ConsentBanner />
      ) : (
        <Suspense fallback={null}>
          <ConsentBanner />
        </Suspense>
      ),
    [rendered],
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
