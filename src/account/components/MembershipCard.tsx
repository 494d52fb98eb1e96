import { Trans, useLingui } from '@lingui/react/macro'
import { Fragment, useState } from 'react'
import type { Membership } from '~/account/membership.functions'
import { Modal } from '~/components/Modal'
import {
  BIRTH_MONTH_CAP_THB,
  BIRTH_MONTH_PERCENT,
  CODE_VALID_MONTHS,
  MONTHLY_CODE_CAP_THB,
  TIER_DISCOUNT_PERCENT,
  tierGoals,
  VIP_THRESHOLD_THB,
  VVIP_THRESHOLD_THB,
} from '~/domain/membership'
import { formatMoney } from '~/domain/money'
import { formatDate } from '~/i18n/dates'
import { useLocale } from '~/i18n/use-locale'
import { PROMOTION_MINIMUM_THB } from '~/domain/promotions'

const TIER_NAMES = { member: null, vip: 'VIP', vvip: 'VVIP' } as const

/** §2 account figures: status, spending, what keeps or reaches a tier, 'expire in', and the VIP conditions. */
export function MembershipCard({ membership }: { membership: Membership }) {
  const { t } = useLingui()
  const locale = useLocale()
  const [conditions, setConditions] = useState(false)
  const baht = (amount: number) => formatMoney(amount, 'thb', locale)
  const tierName = TIER_NAMES[membership.tier]
  const spent = baht(Math.max(0, membership.spentInCycle))
  const expires = membership.lastStatusDay ? formatDate(`${membership.lastStatusDay}T12:00:00Z`, locale) : null
  const cycleEnd = membership.cycleEnd ? formatDate(`${membership.cycleEnd}T12:00:00Z`, locale) : null
  // §2 "amount needed to maintain VIP/VVIP status": from the domain's thresholds and this cycle's spending.
  const goals = tierGoals(membership.tier, membership.spentInCycle)
  const vip = baht(VIP_THRESHOLD_THB)
  const vvip = baht(VVIP_THRESHOLD_THB)
  const vipPercent = TIER_DISCOUNT_PERCENT.vip
  const vvipPercent = TIER_DISCOUNT_PERCENT.vvip
  const monthlyCap = baht(MONTHLY_CODE_CAP_THB)
  const minimum = baht(PROMOTION_MINIMUM_THB)
  const months = CODE_VALID_MONTHS
  const birthPercent = BIRTH_MONTH_PERCENT
  const birthCap = baht(BIRTH_MONTH_CAP_THB)

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
        {goals.map((goal) => {
          const name = TIER_NAMES[goal.status]
          const amount = baht(goal.needed)
          return (
            <Fragment key={goal.status}>
              <dt>
                {goal.held ? <Trans>Amount needed to keep {name}</Trans> : <Trans>Amount needed to reach {name}</Trans>}
              </dt>
              <dd data-testid={`needed-${goal.status}`}>
                {goal.needed === 0 ? (
                  <Trans>Reached in this cycle</Trans>
                ) : cycleEnd ? (
                  <Trans>
                    {amount} more by {cycleEnd}
                  </Trans>
                ) : (
                  <Trans>{amount} from your next purchase</Trans>
                )}
              </dd>
            </Fragment>
          )
        })}
      </dl>
      <button type="button" className="link-button" onClick={() => setConditions(true)}>
        <Trans>VIP conditions</Trans>
      </button>
      <Modal open={conditions} onClose={() => setConditions(false)} title={t`VIP conditions`}>
        <ul>
          <li>
            <Trans>
              VIP: purchases of {vip} or more within one year give {vipPercent}% member codes.
            </Trans>
          </li>
          <li>
            <Trans>
              VVIP: purchases of {vvip} or more within one year give {vvipPercent}% member codes.
            </Trans>
          </li>
          <li>
            <Trans>
              The one-year cycle counts from your first purchase. A status lasts one year from the day you reach it and
              is kept by reaching it again.
            </Trans>
          </li>
          <li>
            <Trans>
              Member codes arrive every month: usable once a month, up to {monthlyCap} off a month, for purchases of{' '}
              {minimum} or more, valid for {months} months. Your birth month brings a {birthPercent}% code, up to{' '}
              {birthCap}, once.
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
