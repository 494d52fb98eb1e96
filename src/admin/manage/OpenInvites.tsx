import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { useId, useState } from 'react'
import { revokeInvite, type OpenInvite } from '../api'
import { adminKeys, invitesQuery } from '../queries'
import { ErrorNotice } from '../screens/ErrorScreen'
import { isStepUpCancelled } from '../ui/StepUp'
import { TableScroll } from './common'
import { formatTime } from './labels'

/**
 * The invitations still open (issue 31 item 1): for whom, which role, until when; each can be revoked after a
 * confirmation (and the second factor when it is due), and its link stops working at once. Listed under the staff's
 * query key, so a new invitation appears here as soon as it is made.
 */
export function OpenInvites({
  nameOf,
  mayRevoke,
  run,
}: {
  nameOf: (roleId: string) => string
  mayRevoke: (roleId: string) => boolean
  run: <T>(action: () => Promise<T>) => Promise<T>
}) {
  const { t } = useLingui()
  const id = useId()
  const { place } = useRouteContext({ from: '__root__' })
  const queryClient = useQueryClient()
  const invites = useQuery(invitesQuery)
  const [confirming, setConfirming] = useState<OpenInvite | null>(null)
  const [failure, setFailure] = useState<unknown>(null)
  const [done, setDone] = useState<string | null>(null)
  const confirmingEmail = confirming?.email ?? ''

  // The confirmation stays while the second factor is asked for: cancelling the step-up returns to it.
  const revoke = async (invite: OpenInvite) => {
    setFailure(null)
    setDone(null)
    try {
      await run(() => revokeInvite(invite.id))
      const revokedEmail = invite.email
      setConfirming(null)
      setDone(t`The invitation to ${revokedEmail} was revoked: its link no longer works.`)
      await queryClient.invalidateQueries({ queryKey: adminKeys.invites })
    } catch (error) {
      if (isStepUpCancelled(error)) return
      setConfirming(null)
      setFailure(error)
    }
  }

  const items = invites.data?.items ?? []
  return (
    <div className="admin-invites">
      <h2 id={`${id}-title`}>
        <Trans>Open invitations</Trans>
      </h2>
      <div aria-live="polite">
        {failure ? <ErrorNotice error={failure} /> : null}
        {done ? (
          <p role="status" className="admin-notice">
            {done}
          </p>
        ) : null}
      </div>
      {confirming ? (
        <div className="admin-panel" role="group" aria-labelledby={`${id}-confirm`}>
          <p id={`${id}-confirm`}>
            <Trans>Revoke the invitation to {confirmingEmail}? Its link stops working at once.</Trans>
          </p>
          <div className="admin-actions">
            <button type="button" className="admin-button" autoFocus onClick={() => void revoke(confirming)}>
              <Trans>Revoke the invitation</Trans>
            </button>
            <button type="button" className="admin-button admin-button--quiet" onClick={() => setConfirming(null)}>
              <Trans>Keep it</Trans>
            </button>
          </div>
        </div>
      ) : null}
      {invites.isError ? (
        <ErrorNotice error={invites.error} />
      ) : invites.isPending ? (
        <p className="admin-table__status">
          <Trans>Loading…</Trans>
        </p>
      ) : items.length === 0 ? (
        <p className="admin-empty">
          <Trans>No invitation is waiting to be accepted.</Trans>
        </p>
      ) : (
        <div className="admin-table">
          <TableScroll label={t`Open invitations`}>
            <table aria-labelledby={`${id}-title`}>
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>E-mail</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Role</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Valid until</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Change</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {items.map((invite) => {
                  const address = invite.email
                  return (
                    <tr key={invite.id}>
                      <th scope="row">{invite.email}</th>
                      <td>{nameOf(invite.role_id)}</td>
                      <td>{formatTime(invite.expires_at, place.locale)}</td>
                      <td>
                        {mayRevoke(invite.role_id) ? (
                          <button
                            type="button"
                            className="admin-button admin-button--small admin-button--quiet"
                            onClick={() => setConfirming(invite)}
                          >
                            {t`Revoke the invitation to ${address}`}
                          </button>
                        ) : null}
                      </td>
                    </tr>
                  )
                })}
              </tbody>
            </table>
          </TableScroll>
        </div>
      )}
    </div>
  )
}
