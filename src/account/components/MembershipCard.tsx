import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { Membership } from '~/account/membership.functions'
import { Modal } from '~/components/Modal'
import { formatMoney } from '~/domain/money'
import { formatDate } from '~/i18n/dates'
import { useLocale } from '~/i18n/use-locale'

const TIER_NAMES = { member: null, vip: 'VIP', vvip: 'VVIP' } as const

/** §2 account figures: status, spending, what keeps or reaches a tier, 'expire in', and the VIP conditions. */
export function MembershipCard({ membership }: { membership: Membership }) {
  const { t } = useLingui()
  const locale = useLocale()
  const [conditions, setConditions] = useState(false)
  const baht = (amount: number) => formatMoney(amount, 'thb', locale)
  const tierName = TIER_NAMES[membership.tier]
  const nextName = membership.tier === 'member' ? 'VIP' : 'VVIP'
  const spent = baht(Math.max(0, membership.spentInCycle))
  const expires = membership.lastStatusDay ? formatDate(`${membership.lastStatusDay}T12:00:00Z`, locale) : null
  const cycleEnd = membership.cycleEnd ? formatDate(`${membership.cycleEnd}T12:00:00Z`, locale) : null
  const toKeep = membership.toKeep ? baht(membership.toKeep) : null
  const toNext = membership.toNext ? baht(membership.toNext) : null

  return (
    <section className="account-card" aria-labelledby="membership">
      <h2 id="membership">
        <Trans>Status</Trans>
      </h2>
      <p className="account-tier" data-testid="tier">
        {tierName ?? <Trans>Member</Trans>}
      </p>
      <dl className="account-facts">
        <dt>
          <Trans>Total spending</Trans>
        </dt>
        <dd data-testid="total-spending">{spent}</dd>
        {expires ? (
          <>
            <dt>
              <Trans>Expire in</Trans>
            </dt>
            <dd>{expires}</dd>
          </>
        ) : null}
      </dl>
      {tierName && toKeep ? (
        <p>
          {cycleEnd ? (
            <Trans>
              Purchase {toKeep} more by {cycleEnd} to keep {tierName}.
            </Trans>
          ) : (
            <Trans>
              Purchase {toKeep} more to keep {tierName}.
            </Trans>
          )}
        </p>
      ) : null}
      {toNext ? (
        <p data-testid="to-next">
          <Trans>
            Purchase {toNext} more to reach {nextName}.
          </Trans>
        </p>
      ) : null}
      <button type="button" className="link-button" onClick={() => setConditions(true)}>
        <Trans>VIP conditions</Trans>
      </button>
      <Modal open={conditions} onClose={() => setConditions(false)} title={t`VIP conditions`}>
        <ul>
          <li>
            <Trans>VIP: purchases of 9,000 THB or more within one year give 5% member codes.</Trans>
          </li>
          <li>
            <Trans>VVIP: purchases of 30,000 THB or more within one year give 10% member codes.</Trans>
          </li>
          <li>
            <Trans>
              The one-year cycle counts from your first purchase. A status lasts one year from the day you reach it and
              is kept by reaching it again.
            </Trans>
          </li>
          <li>
            <Trans>
              Member codes arrive every month: usable once a month, up to 2,000 THB off a month, for purchases of 1,000
              THB or more, valid for 3 months. Your birth month brings a 20% code, up to 2,000 THB, once.
            </Trans>
          </li>
          <li>
            <Trans>Codes do not apply to club products. Cancelled and returned orders do not count.</Trans>
          </li>
        </ul>
      </Modal>
    </section>
  )
}
