import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { useId, useState, type FormEvent } from 'react'
import { z } from 'zod'
import { createInvite, updateStaff, type InviteCreated, type Role, type Staff } from '../api'
import { adminKeys, rolesQuery, staffQuery } from '../queries'
import { ErrorNotice } from '../screens/ErrorScreen'
import { isStepUpCancelled } from '../ui/StepUp'
import { useAdminTitle } from '../ui/title'
import { ShownOnce, useScreenStepUp, TableScroll } from './common'
import { formatTime, mayGrant, roleName } from './labels'
import { OpenInvites } from './OpenInvites'

const email = z.string().trim().pipe(z.email())

/**
 * Staff (issue 31 item 1, staff:manage): who works in the back office, with their role and whether they may sign in;
 * an invitation (its link shown once, e-mailed unless asked not to), a role changed, a person disabled or enabled.
 * Only the roles the signed-in person holds every permission of are offered (the API refuses the others too); a
 * refusal (the last owner, step-up cancelled …) is said above the list.
 */
export function StaffScreen() {
  const { t } = useLingui()
  useAdminTitle(t`Staff`)
  const { me, place } = useRouteContext({ from: '__root__' })
  const queryClient = useQueryClient()
  const staff = useQuery(staffQuery)
  const roles = useQuery(rolesQuery)
  const stepUp = useScreenStepUp()
  const [failure, setFailure] = useState<unknown>(null)
  const [done, setDone] = useState<string | null>(null)
  const [busy, setBusy] = useState<string | null>(null)
  const [roleOf, setRoleOf] = useState<Record<string, string>>({})

  const rolesById = new Map((roles.data?.items ?? []).map((role) => [role.id, role]))
  const grantable = (roles.data?.items ?? []).filter((role) => mayGrant(me, role))
  const nameOf = (id: string) => roleName(rolesById.get(id), id, place.locale)

  const change = async (member: Staff, input: { role_id?: string; disabled?: boolean }, said: string) => {
    setFailure(null)
    setDone(null)
    setBusy(member.id)
    try {
      await stepUp.run(() => updateStaff(member.id, input))
      setDone(said)
      await queryClient.invalidateQueries({ queryKey: adminKeys.staff })
    } catch (error) {
      if (!isStepUpCancelled(error)) setFailure(error)
    } finally {
      setBusy(null)
    }
  }

  return (
    <section aria-labelledby="admin-staff-title">
      <h1 id="admin-staff-title">
        <Trans>Staff</Trans>
      </h1>
      <InviteForm roles={grantable} nameOf={nameOf} run={stepUp.run} />
      <OpenInvites
        nameOf={nameOf}
        mayRevoke={(roleId) => mayGrant(me, rolesById.get(roleId) ?? { permissions: [] })}
        run={stepUp.run}
      />
      <h2>
        <Trans>Everyone with access</Trans>
      </h2>
      <div aria-live="polite">
        {failure ? <ErrorNotice error={failure} /> : null}
        {done ? (
          <p role="status" className="admin-notice">
            {done}
          </p>
        ) : null}
      </div>
      <div className="admin-table">
        <TableScroll label={t`Staff members`}>
          <table>
            <caption>
              <Trans>Staff members</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Name</Trans>
                </th>
                <th scope="col">
                  <Trans>E-mail</Trans>
                </th>
                <th scope="col">
                  <Trans>Role</Trans>
                </th>
                <th scope="col">
                  <Trans>Status</Trans>
                </th>
                <th scope="col">
                  <Trans>Since</Trans>
                </th>
                <th scope="col">
                  <Trans>Change</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {(staff.data?.items ?? []).map((member) => {
                const chosen = roleOf[member.id] ?? member.role_id
                const mayChange = mayGrant(me, rolesById.get(member.role_id) ?? { permissions: [] })
                const name = member.name
                const chosenName = nameOf(chosen)
                return (
                  <tr key={member.id}>
                    <th scope="row">{member.name}</th>
                    <td>{member.email}</td>
                    <td>{nameOf(member.role_id)}</td>
                    <td>{member.disabled ? <Trans>Disabled</Trans> : <Trans>Active</Trans>}</td>
                    <td>{formatTime(member.created_at, place.locale)}</td>
                    <td>
                      {mayChange ? (
                        <div className="admin-row-actions">
                          <select
                            aria-label={t`New role for ${name}`}
                            value={chosen}
                            onChange={(event) => setRoleOf((all) => ({ ...all, [member.id]: event.target.value }))}
                          >
                            {grantable.map((role) => (
                              <option key={role.id} value={role.id}>
                                {nameOf(role.id)}
                              </option>
                            ))}
                          </select>
                          <button
                            type="button"
                            className="admin-button admin-button--small"
                            disabled={busy === member.id || chosen === member.role_id}
                            onClick={() => void change(member, { role_id: chosen }, t`${name} is now ${chosenName}.`)}
                          >
                            <Trans>Change role</Trans>
                          </button>
                          {member.id === me?.id ? null : (
                            <button
                              type="button"
                              className="admin-button admin-button--small admin-button--quiet"
                              disabled={busy === member.id}
                              onClick={() =>
                                void change(
                                  member,
                                  { disabled: !member.disabled },
                                  member.disabled ? t`${name} can sign in again.` : t`${name} can no longer sign in.`,
                                )
                              }
                            >
                              {member.disabled ? t`Enable ${name}` : t`Disable ${name}`}
                            </button>
                          )}
                        </div>
                      ) : null}
                    </td>
                  </tr>
                )
              })}
              {staff.data?.items.length ? null : (
                <tr>
                  <td colSpan={6} className="admin-table__status">
                    {staff.isError ? <ErrorNotice error={staff.error} /> : <Trans>Loading…</Trans>}
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

/** The invitation: an e-mail address and a role; the link comes back once, e-mailed too when asked. */
function InviteForm({
  roles,
  nameOf,
  run,
}: {
  roles: Role[]
  nameOf: (id: string) => string
  run: <T>(action: () => Promise<T>) => Promise<T>
}) {
  const { t } = useLingui()
  const id = useId()
  const queryClient = useQueryClient()
  const [address, setAddress] = useState('')
  const [roleId, setRoleId] = useState('')
  const [send, setSend] = useState(true)
  const [invalid, setInvalid] = useState(false)
  const [failure, setFailure] = useState<unknown>(null)
  const [busy, setBusy] = useState(false)
  const [created, setCreated] = useState<(InviteCreated & { sent: boolean }) | null>(null)
  const role = roleId || roles[0]?.id || ''
  const invitedEmail = created?.email ?? ''

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy) return
    const parsed = email.safeParse(address)
    setFailure(null)
    setInvalid(!parsed.success)
    if (!parsed.success || !role) return
    setBusy(true)
    try {
      const invite = await run(() => createInvite({ email: parsed.data, role_id: role, send }))
      setCreated({ ...invite, sent: send })
      setAddress('')
      await queryClient.invalidateQueries({ queryKey: adminKeys.staff })
    } catch (error) {
      if (!isStepUpCancelled(error)) setFailure(error)
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="admin-panel">
      <h2 id={`${id}-title`}>
        <Trans>Invite someone</Trans>
      </h2>
      <form
        className="admin-form admin-form--inline"
        noValidate
        onSubmit={(event) => void submit(event)}
        aria-labelledby={`${id}-title`}
      >
        <div className="admin-field">
          <label htmlFor={`${id}-email`}>
            <Trans>E-mail address</Trans>
          </label>
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="off"
            value={address}
            required
            aria-invalid={invalid ? true : undefined}
            aria-describedby={invalid ? `${id}-email-error` : undefined}
            onChange={(event) => setAddress(event.target.value)}
          />
          {invalid ? (
            <p id={`${id}-email-error`} className="admin-field__error">
              <Trans>Enter an e-mail address such as name@example.com.</Trans>
            </p>
          ) : null}
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-role`}>
            <Trans>Role</Trans>
          </label>
          <select id={`${id}-role`} value={role} onChange={(event) => setRoleId(event.target.value)}>
            {roles.map((option) => (
              <option key={option.id} value={option.id}>
                {nameOf(option.id)}
              </option>
            ))}
          </select>
        </div>
        <label className="admin-check">
          <input type="checkbox" checked={send} onChange={(event) => setSend(event.target.checked)} />
          <Trans>Send the link by e-mail</Trans>
        </label>
        <button type="submit" className="admin-button" disabled={busy} aria-busy={busy || undefined}>
          <Trans>Invite</Trans>
        </button>
      </form>
      {failure ? <ErrorNotice error={failure} /> : null}
      {created ? (
        <ShownOnce
          label={t`Invitation link for ${invitedEmail}`}
          value={created.url}
          warning={
            created.sent ? (
              <Trans>The link was e-mailed. It works once, for 24 hours, and is shown here only this time.</Trans>
            ) : (
              <Trans>
                Give this link to the person yourself. It works once, for 24 hours, and is shown only this time.
              </Trans>
            )
          }
        />
      ) : null}
    </div>
  )
}
