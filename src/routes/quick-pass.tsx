import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { quickPassQuery, type QuickPass } from '~/account/quick-pass.functions'
import { sessionQuery } from '~/account/session.functions'
import { formatCountdown, secondsUntil, useNow } from '~/account/use-now'
import { PageHeading } from '~/components/PageHeading'
import { QrCode } from '~/components/QrCode'
import { pageHead } from '~/seo/page-head'
import { internalPath } from '~/routing/links'

export const Route = createFileRoute('/quick-pass')({
  loader: async ({ context }) => {
    const member = await context.queryClient.ensureQueryData(sessionQuery())
    // fetchQuery rather than ensureQueryData: a cached code older than the stale time is replaced before showing.
    if (member) await context.queryClient.fetchQuery(quickPassQuery())
  },
  head: ({ match }) => pageHead(match.context.i18n, msg`Quick pass`, msg`Your member pass for our stores.`),
  component: QuickPassPage,
})

const TIER_LABELS: Record<QuickPass['tier'], MessageDescriptor> = {
  member: msg`Member`,
  vip: msg`VIP`,
  vvip: msg`VVIP`,
}

/** The pass as a QR code. */
function PassQr({ token, name }: { token: string; name: string }) {
  const { t } = useLingui()
  return <QrCode payload={token} label={t`Quick pass code for ${name}`} />
}

function QuickPassPage() {
  const { data: member } = useSuspenseQuery(sessionQuery())
  return (
    <div className="account-page account-page--narrow">
      <PageHeading lead={<Trans>Your member pass for our stores.</Trans>}>{<Trans>Quick pass</Trans>}</PageHeading>
      {member ? <MemberPass /> : <GuestNotice />}
    </div>
  )
}

/** A plain card: a section would want a heading of its own, and the page's h1 already says what this is. */
function GuestNotice() {
  return (
    <div className="account-card">
      <p>
        <Trans>
          The quick pass is a code that shows our store staff you are a member, with your tier. Log in to see yours.
        </Trans>
      </p>
      <p>
        <Link
          className="button button--solid"
          to="/account/login"
          search={{ redirect: internalPath({ to: '/quick-pass' }) }}
        >
          <Trans>Log in</Trans>
        </Link>
      </p>
    </div>
  )
}

function MemberPass() {
  const { i18n } = useLingui()
  const { data: pass, refetch, isFetching } = useSuspenseQuery(quickPassQuery())
  const now = useNow()

  // The session ended after the page was opened.
  if (!pass) return <GuestNotice />

  const secondsLeft = now === null ? null : secondsUntil(pass.expiresAt, now)
  const expired = secondsLeft === 0
  const validFor = formatCountdown(secondsLeft ?? 0)

  return (
    <section className="account-card" aria-labelledby="quick-pass-member">
      <h2 id="quick-pass-member">{pass.name}</h2>
      <p className="account-tier">{i18n._(TIER_LABELS[pass.tier])}</p>
      {expired ? (
        <>
          <p className="form-alert" role="status">
            <Trans>The code has expired.</Trans>
          </p>
          <p>
            <button
              type="button"
              className="button button--solid"
              disabled={isFetching}
              aria-busy={isFetching || undefined}
              onClick={() => void refetch()}
            >
              <Trans>Show a new code</Trans>
            </button>
          </p>
        </>
      ) : (
        <div className="promptpay">
          <PassQr token={pass.token} name={pass.name} />
          <p>
            <Trans>Show this code at the counter.</Trans>
          </p>
          {secondsLeft === null ? null : (
            <p className="otp-timer" aria-live="off">
              <Trans>Valid for {validFor}</Trans>
            </p>
          )}
        </div>
      )}
    </section>
  )
}
