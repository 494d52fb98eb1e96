import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { useId, useState, type FormEvent } from 'react'
import { ROLE_ID_PATTERN, isBuiltInRole, normalisePermissions, type StaffPermission } from '~/domain/staff-permissions'
import { createRole, deleteRole, updateRole, type Me, type Role } from '../api'
import { adminKeys, rolesQuery } from '../queries'
import { ErrorNotice } from '../screens/ErrorScreen'
import { isStepUpCancelled } from '../ui/StepUp'
import { useAdminTitle } from '../ui/title'
import { useScreenStepUp } from './common'
import { PERMISSION_AREA_LABELS, PERMISSION_LABELS, permissionAreas, roleName } from './labels'

/** What the role form says is wrong before asking the API. */
export type RoleFormProblem = 'id' | 'name' | null

/** The role form's own check: an id of the API's pattern, not a built-in role's; a name of 1 to 60 characters. */
export function roleFormProblem(input: { id: string; name: string }, creating: boolean): RoleFormProblem {
  if (creating && (!ROLE_ID_PATTERN.test(input.id) || isBuiltInRole(input.id))) return 'id'
  const name = input.name.trim()
  if (!name || name.length > 60) return 'name'
  return null
}

/**
 * Roles (issue 31 item 2): the built-in roles with their permissions, read only, and the custom roles, made, changed
 * and deleted by staff with staff:manage. Permissions are a grid of checkboxes grouped by area; a permission the
 * signed-in person does not hold is shown but cannot be ticked (the API refuses it too).
 */
export function RolesScreen() {
  const { t } = useLingui()
  useAdminTitle(t`Roles`)
  const { me, place } = useRouteContext({ from: '__root__' })
  const queryClient = useQueryClient()
  const roles = useQuery(rolesQuery)
  const stepUp = useScreenStepUp()
  const [editing, setEditing] = useState<Role | 'new' | null>(null)
  const [failure, setFailure] = useState<unknown>(null)
  const [done, setDone] = useState<string | null>(null)

  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.roles })
  const remove = async (role: Role) => {
    setFailure(null)
    setDone(null)
    try {
      await stepUp.run(() => deleteRole(role.id))
      const name = role.name
      setDone(t`The role ${name} was deleted.`)
      await refresh()
    } catch (error) {
      if (!isStepUpCancelled(error)) setFailure(error)
    }
  }

  const items = roles.data?.items ?? []
  return (
    <section aria-labelledby="admin-roles-title">
      <h1 id="admin-roles-title">
        <Trans>Roles</Trans>
      </h1>
      <div aria-live="polite">
        {failure ? <ErrorNotice error={failure} /> : null}
        {done ? (
          <p role="status" className="admin-notice">
            {done}
          </p>
        ) : null}
      </div>
      {editing ? (
        <RoleForm
          key={editing === 'new' ? 'new' : editing.id}
          role={editing === 'new' ? null : editing}
          me={me}
          run={stepUp.run}
          onDone={(saved) => {
            setEditing(null)
            const name = saved.name
            setDone(t`The role ${name} was saved.`)
            void refresh()
          }}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <button type="button" className="admin-button" onClick={() => setEditing('new')}>
          <Trans>New role</Trans>
        </button>
      )}
      {roles.isError ? <ErrorNotice error={roles.error} /> : null}
      <ul className="admin-cards">
        {items.map((role) => {
          const roleLabel = role.name
          return (
            <li key={role.id} className="admin-card">
              <h2>
                {roleName(role, role.id, place.locale)}{' '}
                <span className="admin-muted">
                  ({role.id}
                  {role.built_in ? (
                    <>
                      , <Trans>built-in</Trans>
                    </>
                  ) : null}
                  )
                </span>
              </h2>
              <p className="admin-permissions">
                {role.permissions.length ? (
                  role.permissions.map((permission) => (
                    <span key={permission} className="admin-tag" title={permission}>
                      {t(PERMISSION_LABELS[permission])}
                    </span>
                  ))
                ) : (
                  <Trans>No permissions.</Trans>
                )}
              </p>
              {role.built_in ? null : (
                <div className="admin-actions">
                  <button
                    type="button"
                    className="admin-button admin-button--small"
                    onClick={() => {
                      setDone(null)
                      setEditing(role)
                    }}
                  >
                    {t`Edit ${roleLabel}`}
                  </button>
                  <button
                    type="button"
                    className="admin-button admin-button--small admin-button--quiet"
                    onClick={() => void remove(role)}
                  >
                    {t`Delete ${roleLabel}`}
                  </button>
                </div>
              )}
            </li>
          )
        })}
      </ul>
      {stepUp.dialog}
    </section>
  )
}

/** A custom role's form: its id (only when made), its name, and its permissions by area. */
export function RoleForm({
  role,
  me,
  run,
  onDone,
  onCancel,
}: {
  role: Role | null
  me: Me | null
  run: <T>(action: () => Promise<T>) => Promise<T>
  onDone: (role: Role) => void
  onCancel: () => void
}) {
  const { t } = useLingui()
  const id = useId()
  const [roleId, setRoleId] = useState(role?.id ?? '')
  const [name, setName] = useState(role?.name ?? '')
  const [chosen, setChosen] = useState<Set<StaffPermission>>(new Set(role?.permissions ?? []))
  const [problem, setProblem] = useState<RoleFormProblem>(null)
  const [failure, setFailure] = useState<unknown>(null)
  const [busy, setBusy] = useState(false)
  const held = new Set(me?.permissions ?? [])
  const editedName = role?.name ?? ''

  const toggle = (permission: StaffPermission, on: boolean) =>
    setChosen((all) => {
      const next = new Set(all)
      if (on) next.add(permission)
      else next.delete(permission)
      return next
    })

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy) return
    const found = roleFormProblem({ id: roleId, name }, role === null)
    setProblem(found)
    setFailure(null)
    if (found) {
      document.getElementById(`${id}-${found}`)?.focus()
      return
    }
    const permissions = normalisePermissions(chosen)
    setBusy(true)
    try {
      onDone(
        await run(() =>
          role
            ? updateRole(role.id, { name: name.trim(), permissions })
            : createRole({ id: roleId, name: name.trim(), permissions }),
        ),
      )
    } catch (error) {
      if (!isStepUpCancelled(error)) setFailure(error)
      setBusy(false)
    }
  }

  return (
    <form
      className="admin-form admin-panel"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`}>{role ? t`Edit the role ${editedName}` : t`New role`}</h2>
      {role ? null : (
        <div className="admin-field">
          <label htmlFor={`${id}-id`}>
            <Trans>Role id</Trans>
          </label>
          <input
            id={`${id}-id`}
            type="text"
            value={roleId}
            autoComplete="off"
            spellCheck={false}
            required
            aria-invalid={problem === 'id' ? true : undefined}
            aria-describedby={`${id}-id-hint${problem === 'id' ? ` ${id}-id-error` : ''}`}
            onChange={(event) => setRoleId(event.target.value)}
          />
          <p id={`${id}-id-hint`} className="admin-field__hint">
            <Trans>
              Lower-case letters, digits and underscores, 2 to 40, starting with a letter; it cannot change later.
            </Trans>
          </p>
          {problem === 'id' ? (
            <p id={`${id}-id-error`} className="admin-field__error">
              <Trans>Enter an id such as night_shift, not the id of a built-in role.</Trans>
            </p>
          ) : null}
        </div>
      )}
      <div className="admin-field">
        <label htmlFor={`${id}-name`}>
          <Trans>Name</Trans>
        </label>
        <input
          id={`${id}-name`}
          type="text"
          value={name}
          autoComplete="off"
          required
          aria-invalid={problem === 'name' ? true : undefined}
          aria-describedby={problem === 'name' ? `${id}-name-error` : undefined}
          onChange={(event) => setName(event.target.value)}
        />
        {problem === 'name' ? (
          <p id={`${id}-name-error`} className="admin-field__error">
            <Trans>Enter a name of at most 60 characters.</Trans>
          </p>
        ) : null}
      </div>
      <div className="admin-grid">
        {permissionAreas().map(({ area, permissions }) => (
          <fieldset key={area}>
            <legend>{PERMISSION_AREA_LABELS[area] ? t(PERMISSION_AREA_LABELS[area]) : area}</legend>
            {permissions.map((permission) => (
              <label key={permission} className="admin-check">
                <input
                  type="checkbox"
                  checked={chosen.has(permission)}
                  disabled={!held.has(permission) && !chosen.has(permission)}
                  onChange={(event) => toggle(permission, event.target.checked)}
                />
                <span>
                  {t(PERMISSION_LABELS[permission])} <code>{permission}</code>
                </span>
              </label>
            ))}
          </fieldset>
        ))}
      </div>
      {failure ? <ErrorNotice error={failure} /> : null}
      <div className="admin-actions">
        <button type="submit" className="admin-button" disabled={busy} aria-busy={busy || undefined}>
          <Trans>Save role</Trans>
        </button>
        <button type="button" className="admin-button admin-button--quiet" onClick={onCancel}>
          {t`Cancel`}
        </button>
      </div>
    </form>
  )
}
