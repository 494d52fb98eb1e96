import { Trans, useLingui } from '@lingui/react/macro'
import { useRouteContext } from '@tanstack/react-router'
import { useState } from 'react'
import { BRAND_NAME } from '~/brand'
import { liffErrorRecovery } from '../liff-errors'
import { setLiffView, useLiffView } from '../liff-store'
import { addFriendUrl } from './liff-links'
import { LiffRecoveryAction } from './LiffRecoveryAction'

const FRIEND_OFFER_DISMISSED = 'line_friend_offer_dismissed'

function readDismissed(): boolean {
  try {
    return window.localStorage.getItem(FRIEND_OFFER_DISMISSED) === '1'
  } catch {
    return false
  }
}

/**
 * The LIFF layer's messages (loaded with it): a failure of §8 with its recovery, and, to a shopper who is not yet a
 * friend of the shop's LINE Official Account, the offer to add it.
 */
export default function LiffNotices() {
  const { t } = useLingui()
  const officialAccount = useRouteContext({
    from: '__root__',
    select: (context) => context.boot.config.lineOfficialAccount,
  })
  const view = useLiffView()
  const [friendOfferDismissed, setFriendOfferDismissed] = useState(readDismissed)

  const dismissFriendOffer = () => {
    setFriendOfferDismissed(true)
    try {
      window.localStorage.setItem(FRIEND_OFFER_DISMISSED, '1')
    } catch {
      // Private mode: the offer comes back next visit, nothing worse.
    }
  }

  const failure = view.error ? liffErrorRecovery(view.error) : null
  const offerFriend =
    view.phase === 'ready' && view.loggedIn && view.friend === false && officialAccount && !friendOfferDismissed

  if (!failure && !offerFriend) return null
  return (
    <div className="line-notices">
      {failure ? (
        <section className="line-notice" role="alert" aria-label={t`LINE`}>
          <p>{t(failure.message)}</p>
          <div className="line-notice__actions">
            <LiffRecoveryAction
              recovery={failure.recovery}
              liffId={view.liffId}
              os={view.os}
              onRetry={() => void import('../liff-runtime').then((runtime) => runtime.retry())}
              onLogin={() => void import('../liff-runtime').then((runtime) => runtime.login(window.location.href))}
            />
            <button type="button" className="link-button" onClick={() => setLiffView({ error: null })}>
              <Trans>Dismiss</Trans>
            </button>
          </div>
        </section>
      ) : null}
      {offerFriend ? (
        <section className="line-notice" aria-labelledby="line-friend-title">
          <h2 id="line-friend-title" className="line-notice__title">
            <Trans>Add {BRAND_NAME} on LINE</Trans>
          </h2>
          <p>
            <Trans>Be our friend on LINE for new arrivals, member offers and updates on your orders.</Trans>
          </p>
          <div className="line-notice__actions">
            <a className="button button--solid" href={addFriendUrl(officialAccount)}>
              <Trans>Add friend</Trans>
            </a>
            <button type="button" className="link-button" onClick={dismissFriendOffer}>
              <Trans>Not now</Trans>
            </button>
          </div>
        </section>
      ) : null}
    </div>
  )
}
