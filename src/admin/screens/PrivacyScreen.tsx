import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { useId, useState, type FormEvent } from 'react'
import {
  eraseForPrivacyRequest,
  listConsents,
  recordPrivacyRequest,
  startPrivacyExport,
  type ConsentList,
  type PrivacyRequest,
} from '../api'
import type { AdminLocale } from '../locale'
import { useScreenStepUp } from '../manage/common'
import { adminKeys, privacyRequestsQuery } from '../queries'
import { can } from '../session'
import { described, Field } from '../ui/Field'
import { formatWhen } from '../ui/order-labels'
import { isStepUpCancelled } from '../ui/StepUp'
import { TableCaption, TableScroll } from '../ui/TableScroll'
import { useAdminTitle } from '../ui/title'
import { ErrorNotice } from './ErrorScreen'

function useLocale(): AdminLocale {
  return useRouteContext({ from: '__root__' }).place.locale
}

/** Today in Bangkok as YYYY-MM-DD (the default day an e-mail arrived). */
function today(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date())
}

function DueCell({ request }: { request: PrivacyRequest }) {
  const locale = useLocale()
  const days = request.days_left
  const late = -days
  const due = formatWhen(request.due_at, locale)
  if (request.status === 'done') return <span>{due}</span>
  return (
    <span>
      {due}{' '}
      {days < 0 ? (
        <span className="admin-badge admin-privacy__overdue">
          <Trans>overdue by {late} days</Trans>
        </span>
      ) : (
        <span className="admin-badge">
          <Trans>{days} days left</Trans>
        </span>
      )}
    </span>
  )
}

function useLabels() {
  const { t } = useLingui()
  return {
    kind: { access: t`A copy of the data`, erasure: t`Erasure of the account` } as const,
    source: { web: t`Account page`, email: t`E-mail` } as const,
    status: {
      received: t`Waiting for staff`,
      pending: t`Being prepared`,
      done: t`Answered`,
      failed: t`Failed: start again`,
    } as const,
  }
}

/** What staff do with an open request: start the export, or erase the member (after step-up). */
function RequestAction({ request }: { request: PrivacyRequest }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const stepUp = useScreenStepUp()
  const [failure, setFailure] = useState<unknown>(null)
  const [busy, setBusy] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const done = () => queryClient.invalidateQueries({ queryKey: adminKeys.privacy })
  const subject = request.subject
  if (request.status === 'done' || request.status === 'pending' || request.member_id === null) return null

  const run = async (action: () => Promise<unknown>) => {
    setBusy(true)
    setFailure(null)
    try {
      await action()
      await done()
    } catch (error) {
      if (!isStepUpCancelled(error)) setFailure(error)
    } finally {
      setBusy(false)
      setConfirming(false)
    }
  }

  return (
    <div className="admin-privacy__action">
      {request.kind === 'access' ? (
        <button
          type="button"
          className="admin-button"
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={() => void run(() => startPrivacyExport(request.id))}
        >
          <Trans>Send the data to the member</Trans>
        </button>
      ) : confirming ? (
        <div role="group" aria-label={t`Confirm the erasure of ${subject}`}>
          <p>
            <Trans>This cannot be undone. The member is erased; orders and tax invoices stay without the person.</Trans>
          </p>
          <button
            type="button"
            className="admin-button admin-button--danger"
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={() => void run(() => stepUp.run(() => eraseForPrivacyRequest(request.id)))}
          >
            <Trans>Erase for good</Trans>
          </button>{' '}
          <button type="button" className="admin-button admin-button--secondary" onClick={() => setConfirming(false)}>
            <Trans>Cancel</Trans>
          </button>
        </div>
      ) : (
        <button type="button" className="admin-button admin-button--secondary" onClick={() => setConfirming(true)}>
          <Trans>Erase the member…</Trans>
        </button>
      )}
      {failure ? <ErrorNotice error={failure} /> : null}
      {stepUp.dialog}
    </div>
  )
}

/** A request that came by e-mail: the member by e-mail or phone, its kind, the day it came, the e-mail's language. */
function RecordForm() {
  const { t } = useLingui()
  const id = useId()
  const queryClient = useQueryClient()
  const [member, setMember] = useState('')
  const [kind, setKind] = useState<'access' | 'erasure'>('access')
  const [receivedAt, setReceivedAt] = useState(today)
  const [lang, setLang] = useState<'th' | 'en'>('th')
  const [problem, setProblem] = useState<string | undefined>(undefined)
  const [recorded, setRecorded] = useState<PrivacyRequest | null>(null)
  const record = useMutation({
    mutationFn: () => recordPrivacyRequest({ member: member.trim(), kind, received_at: receivedAt, lang }),
    onSuccess: async (request) => {
      setRecorded(request)
      setMember('')
      await queryClient.invalidateQueries({ queryKey: adminKeys.privacy })
    },
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const wrong = member.trim().length < 3 ? t`Give the member’s e-mail address or phone number` : undefined
    setProblem(wrong)
    setRecorded(null)
    if (wrong) {
      document.getElementById(`${id}-member`)?.focus()
      return
    }
    record.mutate()
  }
  return (
    <form className="admin-form admin-privacy__form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <Trans>Record a request that came by e-mail</Trans>
      </h2>
      <Field id={`${id}-member`} label={t`Member’s e-mail or phone`} error={problem}>
        <input
          id={`${id}-member`}
          value={member}
          autoComplete="off"
          onChange={(event) => setMember(event.target.value)}
          {...described(`${id}-member`, problem)}
        />
      </Field>
      <fieldset className="admin-field">
        <legend>
          <Trans>The member asks for</Trans>
        </legend>
        <label>
          <input type="radio" name="kind" checked={kind === 'access'} onChange={() => setKind('access')} />{' '}
          <Trans>A copy of their data</Trans>
        </label>{' '}
        <label>
          <input type="radio" name="kind" checked={kind === 'erasure'} onChange={() => setKind('erasure')} />{' '}
          <Trans>The erasure of their account</Trans>
        </label>
      </fieldset>
      <Field id={`${id}-date`} label={t`The day the e-mail arrived`} error={undefined}>
        <input
          id={`${id}-date`}
          type="date"
          value={receivedAt}
          max={today()}
          onChange={(event) => setReceivedAt(event.target.value)}
        />
      </Field>
      <Field id={`${id}-lang`} label={t`Language of the e-mail to the member`} error={undefined}>
        <select id={`${id}-lang`} value={lang} onChange={(event) => setLang(event.target.value === 'en' ? 'en' : 'th')}>
          <option value="th">{t`Thai`}</option>
          <option value="en">{t`English`}</option>
        </select>
      </Field>
      <button
        type="submit"
        className="admin-button"
        disabled={record.isPending}
        aria-busy={record.isPending || undefined}
      >
        <Trans>Record the request</Trans>
      </button>
      {record.isError ? <ErrorNotice error={record.error} /> : null}
      {recorded ? <RecordedNotice days={recorded.days_left} /> : null}
    </form>
  )
}

function RecordedNotice({ days }: { days: number }) {
  return (
    <p role="status">
      <Trans>Recorded. It is due in {days} days.</Trans>
    </p>
  )
}

/** The cookie banner's records of an anonymous consent id or of a member. */
function ConsentLookup() {
  const { t } = useLingui()
  const id = useId()
  const locale = useLocale()
  const [query, setQuery] = useState('')
  const [result, setResult] = useState<ConsentList | null>(null)
  const lookup = useMutation({
    mutationFn: () => listConsents(query.trim()),
    onSuccess: setResult,
  })
  return (
    <section aria-labelledby={`${id}-title`} className="admin-privacy__consents">
      <h2 id={`${id}-title`}>
        <Trans>Cookie consents</Trans>
      </h2>
      <form
        className="admin-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          if (query.trim()) lookup.mutate()
        }}
      >
        <Field
          id={`${id}-query`}
          label={t`Consent id, or a member’s e-mail or phone`}
          error={undefined}
          hint={t`The consent id is in the shopper’s cookie_consent_prefs cookie.`}
        >
          <input
            id={`${id}-query`}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            {...described(`${id}-query`, undefined, true)}
          />
        </Field>
        <button type="submit" className="admin-button" disabled={lookup.isPending}>
          <Trans>Look up</Trans>
        </button>
      </form>
      {lookup.isError ? <ErrorNotice error={lookup.error} /> : null}
      {result ? (
        result.items.length === 0 ? (
          <p role="status">
            <Trans>No consent was recorded for this.</Trans>
          </p>
        ) : (
          <div className="admin-table">
            <TableScroll>
              <table>
                <TableCaption>
                  <Trans>Choices made in the cookie banner, newest first</Trans>
                </TableCaption>
                <thead>
                  <tr>
                    <th scope="col">
                      <Trans>When</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Analytics</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Advertising</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Banner version</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Signed in</Trans>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {result.items.map((item) => (
                    <tr key={item.id}>
                      <th scope="row">{formatWhen(item.created_at, locale)}</th>
                      <td>{item.analytics === 'granted' ? t`Allowed` : t`Refused`}</td>
                      <td>{item.advertising === 'granted' ? t`Allowed` : t`Refused`}</td>
                      <td>{item.banner_version}</td>
                      <td>{item.member_id ? t`Yes` : t`No`}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          </div>
        )
      ) : null}
    </section>
  )
}

/**
 * The shoppers' privacy requests (issue 33 item 2, PDPA): open ones first, the most overdue first, with the days
 * left of their 30; a request that came by e-mail recorded and answered the same way as the account page's; the
 * cookie banner's consent records looked up.
 */
export function PrivacyScreen() {
  const { t } = useLingui()
  useAdminTitle(t`Privacy requests`)
  const { me } = useRouteContext({ from: '__root__' })
  const locale = useLocale()
  const requests = useQuery(privacyRequestsQuery)
  const labels = useLabels()
  const writer = can(me, 'members:write')
  return (
    <div className="admin-privacy">
      <h1>
        <Trans>Privacy requests</Trans>
      </h1>
      <p>
        <Trans>
          Shoppers may ask for a copy of their data or for their account to be erased (PDPA). Each request is answered
          within 30 days of its arrival.
        </Trans>
      </p>
      <div className="admin-table">
        <TableScroll>
          <table>
            <TableCaption>
              <Trans>Requests, the most urgent first</Trans>
            </TableCaption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Member</Trans>
                </th>
                <th scope="col">
                  <Trans>Request</Trans>
                </th>
                <th scope="col">
                  <Trans>Received</Trans>
                </th>
                <th scope="col">
                  <Trans>Due</Trans>
                </th>
                <th scope="col">
                  <Trans>State</Trans>
                </th>
                {writer ? (
                  <th scope="col">
                    <Trans>Action</Trans>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {requests.isPending ? (
                <tr>
                  <td colSpan={writer ? 6 : 5} className="admin-table__status" role="status">
                    <Trans>Loading the requests…</Trans>
                  </td>
                </tr>
              ) : requests.isError ? (
                <tr>
                  <td colSpan={writer ? 6 : 5} className="admin-table__status">
                    <ErrorNotice error={requests.error} />
                  </td>
                </tr>
              ) : requests.data.items.length === 0 ? (
                <tr>
                  <td colSpan={writer ? 6 : 5} className="admin-table__status">
                    <Trans>No privacy requests yet.</Trans>
                  </td>
                </tr>
              ) : (
                requests.data.items.map((request) => (
                  <tr key={request.id}>
                    <th scope="row">
                      {request.subject}
                      {request.member_id === null ? (
                        <>
                          {' '}
                          <span className="admin-badge">
                            <Trans>erased</Trans>
                          </span>
                        </>
                      ) : null}
                    </th>
                    <td>
                      {labels.kind[request.kind]} · {labels.source[request.source]}
                    </td>
                    <td>{formatWhen(request.received_at, locale)}</td>
                    <td>
                      <DueCell request={request} />
                    </td>
                    <td>
                      {labels.status[request.status]}
                      {request.handled_by ? <div className="admin-muted">{request.handled_by}</div> : null}
                    </td>
                    {writer ? (
                      <td>
                        <RequestAction request={request} />
                      </td>
                    ) : null}
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </TableScroll>
      </div>
      {writer ? <RecordForm /> : null}
      <ConsentLookup />
    </div>
  )
}
