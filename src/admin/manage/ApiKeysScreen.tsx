import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { useId, useState, type FormEvent } from 'react'
import { API_KEY_DEFAULT_DAYS, API_KEY_MAX_DAYS } from '~/domain/staff-permissions'
import { createApiKey, revokeApiKey, type ApiKey, type ApiKeyCreated } from '../api'
import { adminKeys, apiKeysQuery, rolesQuery } from '../queries'
import { ErrorNotice } from '../screens/ErrorScreen'
import { isStepUpCancelled } from '../ui/StepUp'
import { useAdminTitle } from '../ui/title'
import { ShownOnce, useScreenStepUp, TableScroll } from './common'
import { formatTime, mayGrant, roleName } from './labels'

/** A key's days: a whole number from 1 to the maximum, or null. */
export function keyDays(value: string): number | null {
  const trimmed = value.trim()
  if (!/^\d{1,4}$/.test(trimmed)) return null
  const days = Number(trimmed)
  return days >= 1 && days <= API_KEY_MAX_DAYS ? days : null
}

/**
 * API keys (issue 31 item 3, keys:manage): the keys with their role, maker, dates and last use; a new key (a name, a
 * role the signed-in person holds, days up to the maximum) is shown once with a Copy button; a key is revoked after
 * a confirmation. Making and revoking ask for the second factor again when it is due.
 */
export function ApiKeysScreen() {
  const { t } = useLingui()
  useAdminTitle(t`API keys`)
  const { me, place } = useRouteContext({ from: '__root__' })
  const queryClient = useQueryClient()
  const keys = useQuery(apiKeysQuery)
  const roles = useQuery(rolesQuery)
  const stepUp = useScreenStepUp()
  const id = useId()
  const [name, setName] = useState('')
  const [roleId, setRoleId] = useState('')
  const [days, setDays] = useState(String(API_KEY_DEFAULT_DAYS))
  const [problem, setProblem] = useState<'name' | 'days' | null>(null)
  const [failure, setFailure] = useState<unknown>(null)
  const [busy, setBusy] = useState(false)
  const [created, setCreated] = useState<ApiKeyCreated | null>(null)
  const [confirming, setConfirming] = useState<ApiKey | null>(null)
  const [done, setDone] = useState<string | null>(null)

  // Only a role whose every permission the signed-in person holds (the API checks it too).
  const grantable = (roles.data?.items ?? []).filter((option) => mayGrant(me, option))
  const rolesById = new Map((roles.data?.items ?? []).map((role) => [role.id, role]))
  const role = roleId || grantable.find((option) => option.id === 'read_only')?.id || grantable[0]?.id || ''
  const nameOf = (roleIdOf: string) => roleName(rolesById.get(roleIdOf), roleIdOf, place.locale)
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.apiKeys })
  const confirmingName = confirming?.name ?? ''
  const createdName = created?.name ?? ''

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy) return
    const wantedDays = keyDays(days)
    const found = !name.trim() || name.trim().length > 80 ? 'name' : wantedDays === null ? 'days' : null
    setProblem(found)
    setFailure(null)
    setDone(null)
    if (found || wantedDays === null || !role) {
      if (found) document.getElementById(`${id}-${found}`)?.focus()
      return
    }
    setBusy(true)
    try {
      setCreated(await stepUp.run(() => createApiKey({ name: name.trim(), role_id: role, days: wantedDays })))
      setName('')
      await refresh()
    } catch (error) {
      if (!isStepUpCancelled(error)) setFailure(error)
    } finally {
      setBusy(false)
    }
  }

  // The confirmation stays while the second factor is asked for: cancelling the step-up returns to it.
  const revoke = async (key: ApiKey) => {
    setFailure(null)
    setDone(null)
    try {
      await stepUp.run(() => revokeApiKey(key.id))
      const keyName = key.name
      setConfirming(null)
      setDone(t`The key ${keyName} was revoked: it no longer works.`)
      await refresh()
    } catch (error) {
      if (isStepUpCancelled(error)) return
      setConfirming(null)
      setFailure(error)
    }
  }

  return (
    <section aria-labelledby="admin-keys-title">
      <h1 id="admin-keys-title">
        <Trans>API keys</Trans>
      </h1>
      <div className="admin-panel">
        <h2 id={`${id}-title`}>
          <Trans>New key</Trans>
        </h2>
        <form
          className="admin-form admin-form--inline"
          noValidate
          onSubmit={(event) => void submit(event)}
          aria-labelledby={`${id}-title`}
        >
          <div className="admin-field">
            <label htmlFor={`${id}-name`}>
              <Trans>Name</Trans>
            </label>
            <input
              id={`${id}-name`}
              type="text"
              autoComplete="off"
              value={name}
              required
              aria-invalid={problem === 'name' ? true : undefined}
              aria-describedby={problem === 'name' ? `${id}-name-error` : undefined}
              onChange={(event) => setName(event.target.value)}
            />
            {problem === 'name' ? (
              <p id={`${id}-name-error`} className="admin-field__error">
                <Trans>Enter a name of at most 80 characters, such as the system that will use the key.</Trans>
              </p>
            ) : null}
          </div>
          <div className="admin-field">
            <label htmlFor={`${id}-role`}>
              <Trans>Role</Trans>
            </label>
            <select id={`${id}-role`} value={role} onChange={(event) => setRoleId(event.target.value)}>
              {grantable.map((option) => (
                <option key={option.id} value={option.id}>
                  {nameOf(option.id)}
                </option>
              ))}
            </select>
          </div>
          <div className="admin-field">
            <label htmlFor={`${id}-days`}>
              <Trans>Valid for (days)</Trans>
            </label>
            <input
              id={`${id}-days`}
              type="text"
              inputMode="numeric"
              value={days}
              required
              aria-invalid={problem === 'days' ? true : undefined}
              aria-describedby={`${id}-days-hint${problem === 'days' ? ` ${id}-days-error` : ''}`}
              onChange={(event) => setDays(event.target.value)}
            />
            <p id={`${id}-days-hint`} className="admin-field__hint">
              <Trans>At most {API_KEY_MAX_DAYS} days.</Trans>
            </p>
            {problem === 'days' ? (
              <p id={`${id}-days-error`} className="admin-field__error">
                <Trans>Enter a whole number of days from 1 to {API_KEY_MAX_DAYS}.</Trans>
              </p>
            ) : null}
          </div>
          <button type="submit" className="admin-button" disabled={busy} aria-busy={busy || undefined}>
            <Trans>Create key</Trans>
          </button>
        </form>
        {created ? (
          <ShownOnce
            label={t`The key ${createdName}`}
            value={created.key}
            warning={
              <Trans>
                Copy the key now and keep it secret: it is shown only this once. Anyone who has it can act as its role.
              </Trans>
            }
          />
        ) : null}
      </div>
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
            <Trans>
              Revoke the key {confirmingName}? Whatever uses it stops working at once; this cannot be undone.
            </Trans>
          </p>
          <div className="admin-actions">
            <button type="button" className="admin-button" autoFocus onClick={() => void revoke(confirming)}>
              <Trans>Revoke the key</Trans>
            </button>
            <button type="button" className="admin-button admin-button--quiet" onClick={() => setConfirming(null)}>
              {t`Cancel`}
            </button>
          </div>
        </div>
      ) : null}
      <div className="admin-table">
        <TableScroll label={t`Keys`}>
          <table>
            <caption>
              <Trans>Keys</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Name</Trans>
                </th>
                <th scope="col">
                  <Trans>Role</Trans>
                </th>
                <th scope="col">
                  <Trans>Created by</Trans>
                </th>
                <th scope="col">
                  <Trans>Created</Trans>
                </th>
                <th scope="col">
                  <Trans>Expires</Trans>
                </th>
                <th scope="col">
                  <Trans>Last used</Trans>
                </th>
                <th scope="col">
                  <Trans>Revoked</Trans>
                </th>
                <th scope="col">
                  <Trans>Change</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {(keys.data?.items ?? []).map((key) => {
                const keyName = key.name
                return (
                  <tr key={key.id}>
                    <th scope="row">
                      {key.name} <code className="admin-muted">sk_{key.key_id}_…</code>
                    </th>
                    <td>{nameOf(key.role_id)}</td>
                    <td>{key.created_by}</td>
                    <td>{formatTime(key.created_at, place.locale)}</td>
                    <td>{formatTime(key.expires_at, place.locale)}</td>
                    <td>{key.last_used_at ? formatTime(key.last_used_at, place.locale) : <Trans>Never</Trans>}</td>
                    <td>{formatTime(key.revoked_at, place.locale)}</td>
                    <td>
                      {key.revoked_at ? null : (
                        <button
                          type="button"
                          className="admin-button admin-button--small admin-button--quiet"
                          onClick={() => setConfirming(key)}
                        >
                          {t`Revoke ${keyName}`}
                        </button>
                      )}
                    </td>
                  </tr>
                )
              })}
              {keys.data?.items.length ? null : (
                <tr>
                  <td colSpan={8} className="admin-table__status">
                    {keys.isError ? (
                      <ErrorNotice error={keys.error} />
                    ) : keys.isPending ? (
                      <Trans>Loading…</Trans>
                    ) : (
                      <Trans>No keys yet.</Trans>
                    )}
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
