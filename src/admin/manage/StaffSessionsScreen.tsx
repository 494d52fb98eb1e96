import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { useState } from 'react'
import { revokeSession, type StaffSession } from '../api'
import { adminKeys, staffQuery, staffSessionsQuery } from '../queries'
import { ErrorNotice } from '../screens/ErrorScreen'
import { isStepUpCancelled } from '../ui/StepUp'
import { useAdminTitle } from '../ui/title'
import { useScreenStepUp, TableScroll } from './common'
import { formatTime } from './labels'

/**
 * Every staff member's live sessions (issue 31 item 1, staff:manage): who, since when, last seen, from where; a
 * session ended here signs that person out at their next call.
 */
export function StaffSessionsScreen() {
  const { t } = useLingui()
  useAdminTitle(t`Staff sessions`)
  const { place } = useRouteContext({ from: '__root__' })
  const queryClient = useQueryClient()
  const sessions = useQuery(staffSessionsQuery)
  const staff = useQuery(staffQuery)
  const stepUp = useScreenStepUp()
  const [failure, setFailure] = useState<unknown>(null)
  const [done, setDone] = useState<string | null>(null)
  const who = new Map((staff.data?.items ?? []).map((member) => [member.id, member]))
  const nameOf = (session: StaffSession) => {
    const member = who.get(session.staff_id)
    return member ? `${member.name} (${member.email})` : session.staff_id
  }

  const revoke = async (session: StaffSession) => {
    setFailure(null)
    setDone(null)
    try {
      await stepUp.run(() => revokeSession(session.id))
      const name = nameOf(session)
      setDone(t`The session of ${name} was ended.`)
      await queryClient.invalidateQueries({ queryKey: adminKeys.staffSessions })
    } catch (error) {
      if (!isStepUpCancelled(error)) setFailure(error)
    }
  }

  return (
    <section aria-labelledby="admin-staff-sessions-title">
      <h1 id="admin-staff-sessions-title">
        <Trans>Staff sessions</Trans>
      </h1>
      <div aria-live="polite">
        {failure ? <ErrorNotice error={failure} /> : null}
        {done ? (
          <p role="status" className="admin-notice">
            {done}
          </p>
        ) : null}
      </div>
      <div className="admin-table">
        <TableScroll label={t`Signed-in sessions, newest first`}>
          <table>
            <caption>
              <Trans>Signed-in sessions, newest first</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Who</Trans>
                </th>
                <th scope="col">
                  <Trans>Signed in</Trans>
                </th>
                <th scope="col">
                  <Trans>Last seen</Trans>
                </th>
                <th scope="col">
                  <Trans>Ends</Trans>
                </th>
                <th scope="col">
                  <Trans>From</Trans>
                </th>
                <th scope="col">
                  <Trans>Change</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {(sessions.data?.items ?? []).map((session) => {
                const name = nameOf(session)
                return (
                  <tr key={session.id}>
                    <th scope="row">
                      {name}
                      {session.current ? (
                        <>
                          {' '}
                          <span className="admin-tag">
                            <Trans>this session</Trans>
                          </span>
                        </>
                      ) : null}
                    </th>
                    <td>{formatTime(session.created_at, place.locale)}</td>
                    <td>{formatTime(session.last_seen_at, place.locale)}</td>
                    <td>{formatTime(session.idle_expires_at, place.locale)}</td>
                    <td className="admin-wrap">
                      {session.ip ?? ''}{' '}
                      {session.user_agent ? <span className="admin-muted">{session.user_agent}</span> : null}
                    </td>
                    <td>
                      {session.current ? null : (
                        <button
                          type="button"
                          className="admin-button admin-button--small admin-button--quiet"
                          onClick={() => void revoke(session)}
                        >
                          {t`End the session of ${name}`}
                        </button>
                      )}
                    </td>
                  </tr>
                )
              })}
              {sessions.data?.items.length ? null : (
                <tr>
                  <td colSpan={6} className="admin-table__status">
                    {sessions.isError ? <ErrorNotice error={sessions.error} /> : <Trans>Loading…</Trans>}
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </TableScroll>
      </div>
      {stepUp.dialog}
    </section>
  )
}
