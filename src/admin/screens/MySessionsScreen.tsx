import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { describeUserAgent } from '~/domain/user-agent'
import { revokeOwnSession, type StaffSession } from '../api'
import type { AdminLocale } from '../locale'
import { adminKeys, ownSessionsQuery } from '../queries'
import { useAdminTitle } from '../ui/title'
import { ErrorNotice } from './ErrorScreen'
import { RenewRecoveryCodes } from './RenewRecoveryCodes'

const formats = new Map<AdminLocale, Intl.DateTimeFormat>()

/** A moment in the shop's time zone, in the back office's language (Thai dates in the Buddhist era, as th-TH writes). */
function formatMoment(iso: string, locale: AdminLocale): string {
  let format = formats.get(locale)
  if (!format) {
    format = new Intl.DateTimeFormat(locale === 'th' ? 'th-TH' : 'en-GB', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'Asia/Bangkok',
    })
    formats.set(locale, format)
  }
  return format.format(new Date(iso))
}

function Device({ userAgent }: { userAgent: string | null }) {
  const { browser, os } = describeUserAgent(userAgent)
  if (browser && os) {
    return (
      <Trans>
        {browser} on {os}
      </Trans>
    )
  }
  if (browser ?? os) return <>{browser ?? os}</>
  return <Trans>Unknown device</Trans>
}

function SessionItem({ session, locale }: { session: StaffSession; locale: AdminLocale }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const revoke = useMutation({
    mutationFn: () => revokeOwnSession(session.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.ownSessions }),
  })
  const device = describeUserAgent(session.user_agent)
  const label = [device.browser, device.os].filter(Boolean).join(', ') || t`Unknown device`
  const lastSeen = formatMoment(session.last_seen_at, locale)
  return (
    <li className="admin-session" aria-current={session.current ? 'true' : undefined}>
      <p className="admin-session__device">
        <Device userAgent={session.user_agent} />
        {session.current ? (
          <span className="admin-session__current">
            {' '}
            <Trans>(this session)</Trans>
          </span>
        ) : null}
      </p>
      <dl>
        <dt>
          <Trans>Signed in</Trans>
        </dt>
        <dd>{formatMoment(session.created_at, locale)}</dd>
        <dt>
          <Trans>Last seen</Trans>
        </dt>
        <dd>{lastSeen}</dd>
        <dt>
          <Trans>IP address</Trans>
        </dt>
        <dd>{session.ip ?? <Trans>Unknown</Trans>}</dd>
      </dl>
      {session.current ? null : (
        <button
          type="button"
          className="admin-button admin-button--secondary"
          disabled={revoke.isPending}
          aria-label={t`End this session (${label}, last seen ${lastSeen})`}
          onClick={() => revoke.mutate()}
        >
          <Trans>End this session</Trans>
        </button>
      )}
      {revoke.isError ? <ErrorNotice error={revoke.error} /> : null}
    </li>
  )
}

/**
 * The staff member's own sessions (issue 31 item 1: listed and revocable): when and where each began, when it was last
 * used, the device; the one in use is marked and stays (the sign-out ends it), any other can be ended here.
 */
export function MySessionsScreen() {
  const { t } = useLingui()
  useAdminTitle(t`My sessions`)
  const { place } = useRouteContext({ from: '__root__' })
  const sessions = useQuery(ownSessionsQuery)
  return (
    <section aria-labelledby="admin-sessions-title">
      <h1 id="admin-sessions-title">
        <Trans>My sessions</Trans>
      </h1>
      <p className="admin-empty">
        <Trans>
          Where you are signed in to the back office. End a session you do not know, or one on a device you no longer
          use.
        </Trans>
      </p>
      {sessions.isError ? (
        <ErrorNotice error={sessions.error} />
      ) : sessions.data ? (
        <ul className="admin-sessions">
          {sessions.data.items.map((session) => (
            <SessionItem key={session.id} session={session} locale={place.locale} />
          ))}
        </ul>
      ) : (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      )}
      <RenewRecoveryCodes />
    </section>
  )
}
