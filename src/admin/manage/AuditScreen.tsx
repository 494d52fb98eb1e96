import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link, getRouteApi, useRouteContext } from '@tanstack/react-router'
import { useId, useState, type FormEvent } from 'react'
import { AUDIT_ACTOR_TYPES } from '~/domain/staff-permissions'
import { exportAudit, type AuditEntry } from '../api'
import { auditQuery } from '../queries'
import { auditSearchSchema, auditQueryOf, type AuditSearch } from '../search'
import { can } from '../session'
import { ErrorNotice } from '../screens/ErrorScreen'
import { isStepUpCancelled } from '../ui/StepUp'
import { useAdminTitle } from '../ui/title'
import { auditChanges } from './audit-diff'
import { useScreenStepUp, TableScroll } from './common'
import { ACTOR_TYPE_LABELS, formatTime } from './labels'

const route = getRouteApi('/audit')

/** The filters' fields, in the form's order (the URL's names, search.ts). */
type FilterName = Exclude<keyof AuditSearch, 'cursor'>

/** The form's values as the URL holds them: empty fields left out, a bad one dropped by the schema. */
export function auditSearchOf(form: Partial<Record<FilterName, string>>): AuditSearch {
  return auditSearchSchema.parse(form)
}

/** One entry's before and after: the fields that changed, each `field: before → after`. */
function Changes({ entry }: { entry: AuditEntry }) {
  const changes = auditChanges(entry.before, entry.after)
  if (!changes.length) return null
  return (
    <ul className="admin-diff">
      {changes.map((change) => (
        <li key={change.path}>
          {change.path ? <span className="admin-diff__path">{change.path}: </span> : null}
          {change.before !== null ? <del>{change.before}</del> : null}
          {change.before !== null && change.after !== null ? ' → ' : null}
          {change.after !== null ? <ins>{change.after}</ins> : null}
        </li>
      ))}
    </ul>
  )
}

/**
 * The audit log (issue 31 item 4, audit:read): every staff and API-key write, newest first, filtered by who, what, on
 * what and when, all in the URL (search.ts); "Older" follows the API's cursor. Each entry shows the fields that
 * changed. The CSV export (audit:read and exports:run, with step-up) saves the same filters' entries as a file.
 */
export function AuditScreen() {
  const { t, i18n } = useLingui()
  useAdminTitle(t`Audit log`)
  const { me, place } = useRouteContext({ from: '__root__' })
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const page = useQuery(auditQuery(search))
  const stepUp = useScreenStepUp()
  const id = useId()
  const [exportFailure, setExportFailure] = useState<unknown>(null)
  const [exporting, setExporting] = useState(false)

  const filter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const form: Partial<Record<FilterName, string>> = {}
    for (const name of ['actorType', 'actor', 'action', 'entity', 'entityId', 'from', 'to'] as const) {
      const value = data.get(name)
      if (typeof value === 'string' && value.trim()) form[name] = value
    }
    void navigate({ search: auditSearchOf(form) })
  }

  const download = async () => {
    setExportFailure(null)
    setExporting(true)
    try {
      const query = auditQueryOf({ ...search, cursor: undefined })
      const blob = await stepUp.run(() => exportAudit(query))
      const url = URL.createObjectURL(blob)
      const link = document.createElement('a')
      link.href = url
      link.download = `audit-${new Date().toISOString().slice(0, 10)}.csv`
      document.body.append(link)
      link.click()
      link.remove()
      setTimeout(() => URL.revokeObjectURL(url), 10_000)
    } catch (error) {
      if (!isStepUpCancelled(error)) setExportFailure(error)
    } finally {
      setExporting(false)
    }
  }

  const entries = page.data?.items ?? []
  return (
    <section aria-labelledby="admin-audit-title">
      <h1 id="admin-audit-title">
        <Trans>Audit log</Trans>
      </h1>
      <form
        className="admin-form admin-filters"
        onSubmit={filter}
        aria-label={t`Filter the audit log`}
        key={JSON.stringify(search)}
      >
        <div className="admin-field">
          <label htmlFor={`${id}-actor-type`}>
            <Trans>Actor type</Trans>
          </label>
          <select id={`${id}-actor-type`} name="actorType" defaultValue={search.actorType ?? ''}>
            <option value="">{t`Any`}</option>
            {AUDIT_ACTOR_TYPES.map((type) => (
              <option key={type} value={type}>
                {i18n._(ACTOR_TYPE_LABELS[type])}
              </option>
            ))}
          </select>
        </div>
        <FilterField id={`${id}-actor`} name="actor" label={t`Actor id`} value={search.actor} />
        <FilterField
          id={`${id}-action`}
          name="action"
          label={t`Action`}
          value={search.action}
          hint={t`Such as staff.update, or api_key.* for every action on keys`}
        />
        <FilterField id={`${id}-entity`} name="entity" label={t`Entity type`} value={search.entity} />
        <FilterField id={`${id}-entity-id`} name="entityId" label={t`Entity id`} value={search.entityId} />
        <FilterField id={`${id}-from`} name="from" label={t`From`} value={search.from} type="date" />
        <FilterField id={`${id}-to`} name="to" label={t`To`} value={search.to} type="date" />
        <div className="admin-actions">
          <button type="submit" className="admin-button">
            <Trans>Filter</Trans>
          </button>
          <Link to="/audit" search={{}} className="admin-link">
            <Trans>Clear filters</Trans>
          </Link>
          <Link to="/audit" search={{ action: 'denied.*' }} className="admin-link">
            <Trans>Refusals only</Trans>
          </Link>
          {can(me, 'audit:read') && can(me, 'exports:run') ? (
            <button
              type="button"
              className="admin-button admin-button--quiet"
              disabled={exporting}
              aria-busy={exporting || undefined}
              onClick={() => void download()}
            >
              <Trans>Export CSV</Trans>
            </button>
          ) : null}
        </div>
      </form>
      {exportFailure ? <ErrorNotice error={exportFailure} /> : null}
      <div className="admin-table">
        <TableScroll label={search.cursor ? t`Older entries` : t`Newest entries`}>
          <table>
            <caption>{search.cursor ? <Trans>Older entries</Trans> : <Trans>Newest entries</Trans>}</caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>When</Trans>
                </th>
                <th scope="col">
                  <Trans>Who</Trans>
                </th>
                <th scope="col">
                  <Trans>Action</Trans>
                </th>
                <th scope="col">
                  <Trans>Entity</Trans>
                </th>
                <th scope="col">
                  <Trans>Changes</Trans>
                </th>
                <th scope="col">
                  <Trans>From</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td>{formatTime(entry.at, place.locale)}</td>
                  <td>
                    {entry.actor_label}{' '}
                    <span className="admin-muted">({i18n._(ACTOR_TYPE_LABELS[entry.actor_type])})</span>
                  </td>
                  <td>
                    <code>{entry.action}</code>
                  </td>
                  <td>
                    {entry.entity_type} <code className="admin-muted">{entry.entity_id}</code>
                  </td>
                  <td className="admin-wrap">
                    <Changes entry={entry} />
                  </td>
                  <td className="admin-muted">
                    {entry.ip ?? ''}
                    {entry.request_id ? <span title={t`Request id`}> · {entry.request_id}</span> : null}
                  </td>
                </tr>
              ))}
              {entries.length ? null : (
                <tr>
                  <td colSpan={6} className="admin-table__status">
                    {page.isError ? (
                      <ErrorNotice error={page.error} />
                    ) : page.isPending ? (
                      <Trans>Loading…</Trans>
                    ) : (
                      <Trans>No entries match.</Trans>
                    )}
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </TableScroll>
        <nav className="admin-pager" aria-label={t`Audit log pages`}>
          {search.cursor ? (
            <Link to="/audit" search={{ ...search, cursor: undefined }}>
              <Trans>Newest</Trans>
            </Link>
          ) : null}
          {page.data?.next_cursor ? (
            <Link to="/audit" search={{ ...search, cursor: page.data.next_cursor }}>
              <Trans>Older</Trans>
            </Link>
          ) : null}
        </nav>
      </div>
      {stepUp.dialog}
    </section>
  )
}

function FilterField({
  id,
  name,
  label,
  value,
  hint,
  type = 'text',
}: {
  id: string
  name: FilterName
  label: string
  value: string | undefined
  hint?: string
  type?: 'text' | 'date'
}) {
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        defaultValue={value ?? ''}
        autoComplete="off"
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      {hint ? (
        <p id={`${id}-hint`} className="admin-field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  )
}
