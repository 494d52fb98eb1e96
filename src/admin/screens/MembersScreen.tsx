import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi, Link, useRouteContext } from '@tanstack/react-router'
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { formatMoney, type Currency } from '~/domain/money'
import {
  AdminApiError,
  correctBirthdate,
  endMemberSessions,
  issueGoodwillCode,
  listMembers,
  mergeMembers,
  setMemberBlocked,
  type AdminMember,
  type MemberRow,
} from '../api'
import { adminKeys, memberQuery, membersQuery } from '../queries'
import { MEMBER_SORTS, membersSearchSchema, type MemberSort, type MembersSearch } from '../search'
import { can } from '../session'
import { formatWhen, ORDER_STATUS_LABELS } from '../ui/order-labels'
import { Table, type ListColumn, type ListSort } from '../ui/Table'
import { TableScroll } from '../ui/TableScroll'
import { useAdminTitle } from '../ui/title'
import { ErrorNotice } from './ErrorScreen'

/**
 * Members in the back office (issue 33 item 1, decision 200): the list found by name, telephone, e-mail or LINE, and a
 * member's page with identity, tier and its cycle, spending, codes, orders, addresses and sessions, and the actions
 * staff take with a reason (a goodwill code, the birth date, a merge, blocking, ending sessions), each in a dialog.
 */

const listRoute = getRouteApi('/members')
const memberRoute = getRouteApi('/members/$id')

const TIER_LABELS: Record<MemberRow['tier'], MessageDescriptor> = {
  member: msg`Member`,
  vip: msg`VIP`,
  vvip: msg`VVIP`,
}

const CODE_KIND_LABELS: Record<AdminMember['codes'][number]['kind'], MessageDescriptor> = {
  monthly: msg`Code of the month`,
  birthday: msg`Birth-month code`,
  goodwill: msg`Goodwill code`,
}

const GENDER_LABELS: Record<NonNullable<AdminMember['gender']>, MessageDescriptor> = {
  male: msg`Male`,
  female: msg`Female`,
  others: msg`Other`,
}

/** What a refused field's code means, in the staff member's language. */
const FIELD_MESSAGES: Record<string, MessageDescriptor> = {
  'birthdate:future': msg`The birth date cannot be in the future.`,
  'birthdate:age': msg`The birth date must give an age from 10 to 120 years.`,
  'birthdate:invalid': msg`Enter a real date.`,
  'birthdate:unchanged': msg`This is the birth date already.`,
  'percent:range': msg`A percentage from 5 to 50.`,
  'amount:range': msg`An amount from 50 to 2,000 THB, or from 2 to 60 USD.`,
  'amount:required': msg`Enter the amount.`,
  'percent:required': msg`Enter the percentage.`,
  'valid_days:range': msg`From 1 to 365 days.`,
  'valid_days:required': msg`From 1 to 365 days.`,
  'email_from:noLogin': msg`Keep at least an e-mail, a telephone or LINE.`,
  'other_id:same': msg`Choose another account than this one.`,
}

function useWhen() {
  const { place } = useRouteContext({ from: '__root__' })
  return (iso: string) => formatWhen(iso, place.locale)
}

function useMoney() {
  const { place } = useRouteContext({ from: '__root__' })
  return (amount: number, currency: Currency = 'thb') => formatMoney(amount, currency, place.locale)
}

// ── The list ───────────────────────────────────────────────────────────────────────────────────────

function Tier({ tier }: { tier: MemberRow['tier'] }) {
  const { i18n } = useLingui()
  return <>{i18n._(TIER_LABELS[tier])}</>
}

function Spending({ amount }: { amount: number }) {
  return <>{useMoney()(amount)}</>
}

function Joined({ at }: { at: string }) {
  return <>{useWhen()(at)}</>
}

const COLUMNS: ReadonlyArray<ListColumn<MemberRow>> = [
  {
    id: 'name',
    accessorKey: 'name',
    header: () => <Trans>Name</Trans>,
    cell: ({ row }) => (
      <>
        <Link to="/members/$id" params={{ id: row.original.id }}>
          {row.original.name}
        </Link>
        {row.original.blocked ? (
          <>
            {' '}
            <span className="admin-badge admin-badge--cancelled">
              <Trans>Blocked</Trans>
            </span>
          </>
        ) : null}
      </>
    ),
  },
  { id: 'telephone', accessorKey: 'telephone', header: () => <Trans>Telephone</Trans>, enableSorting: false },
  { id: 'email', accessorKey: 'email', header: () => <Trans>E-mail</Trans>, enableSorting: false },
  {
    id: 'line',
    accessorKey: 'line_linked',
    header: () => <Trans>LINE</Trans>,
    enableSorting: false,
    cell: ({ row }) => (row.original.line_linked ? <Trans>Linked</Trans> : <Trans>Not linked</Trans>),
  },
  {
    id: 'tier',
    accessorKey: 'tier',
    header: () => <Trans>Tier</Trans>,
    cell: ({ row }) => <Tier tier={row.original.tier} />,
  },
  {
    id: 'spending',
    accessorKey: 'total_spending',
    header: () => <Trans>Spending this cycle</Trans>,
    cell: ({ row }) => <Spending amount={row.original.total_spending} />,
  },
  {
    id: 'created',
    accessorKey: 'created_at',
    header: () => <Trans>Joined</Trans>,
    cell: ({ row }) => <Joined at={row.original.created_at} />,
  },
]

const isMemberSort = (id: string): id is MemberSort => (MEMBER_SORTS as ReadonlyArray<string>).includes(id)

function MemberFilters({ search }: { search: MembersSearch }) {
  const { t, i18n } = useLingui()
  const navigate = listRoute.useNavigate()
  const id = useId()
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const value = (name: string) => {
      const entry = form.get(name)
      return typeof entry === 'string' && entry !== '' ? entry : undefined
    }
    const filters = membersSearchSchema.parse({ q: value('q'), tier: value('tier'), blocked: value('blocked') })
    void navigate({
      search: (prev) => ({ ...prev, q: filters.q, tier: filters.tier, blocked: filters.blocked, page: 1 }),
    })
  }
  return (
    <form role="search" className="admin-filters" onSubmit={apply} key={JSON.stringify(search)}>
      <div className="admin-field admin-filters__q">
        <label htmlFor={`${id}-q`}>
          <Trans>Search members</Trans>
        </label>
        <input
          id={`${id}-q`}
          name="q"
          type="search"
          defaultValue={search.q ?? ''}
          aria-describedby={`${id}-q-hint`}
          maxLength={100}
        />
        <p id={`${id}-q-hint`} className="admin-field__hint">
          <Trans>Name, telephone (081 234 5678 or +66…), e-mail or LINE user id</Trans>
        </p>
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-tier`}>
          <Trans>Tier</Trans>
        </label>
        <select id={`${id}-tier`} name="tier" defaultValue={search.tier ?? ''}>
          <option value="">{t`Any`}</option>
          {(['member', 'vip', 'vvip'] as const).map((tier) => (
            <option key={tier} value={tier}>
              {i18n._(TIER_LABELS[tier])}
            </option>
          ))}
        </select>
      </div>
      <div className="admin-field admin-member__check">
        <input
          id={`${id}-blocked`}
          name="blocked"
          type="checkbox"
          value="true"
          defaultChecked={search.blocked === 'true'}
        />
        <label htmlFor={`${id}-blocked`}>
          <Trans>Blocked only</Trans>
        </label>
      </div>
      <div className="admin-filters__actions">
        <button type="submit" className="admin-button">
          <Trans>Search</Trans>
        </button>
        <Link to="/members" className="admin-filters__clear">
          <Trans>Clear</Trans>
        </Link>
      </div>
    </form>
  )
}

/** The members list (issue 33 item 1): searched, sorted and paged by the server, as the URL says. */
export function MembersScreen() {
  const { t } = useLingui()
  useAdminTitle(t`Members`)
  const search = listRoute.useSearch()
  const navigate = listRoute.useNavigate()
  const members = useQuery(membersQuery(search))
  const page = search.page
  const pageCount = members.data ? Math.max(1, Math.ceil(members.data.total / members.data.page_size)) : null
  const total = members.data?.total
  const changeSort = ({ id, dir }: ListSort) => {
    if (isMemberSort(id)) void navigate({ search: (prev) => ({ ...prev, sort: id, dir, page: 1 }) })
  }
  return (
    <section aria-labelledby="admin-members-title">
      <h1 id="admin-members-title">
        <Trans>Members</Trans>
      </h1>
      <MemberFilters search={search} />
      <Table
        caption={
          total === undefined ? (
            <Trans>Members, page {page}</Trans>
          ) : (
            <Trans>
              Members, page {page}: {total} found
            </Trans>
          )
        }
        columns={COLUMNS}
        rows={members.data?.items ?? NO_ROWS}
        rowId={(row) => row.id}
        sort={{ id: search.sort, dir: search.dir }}
        onSortChange={changeSort}
        page={page}
        pageCount={pageCount}
        onPageChange={(to) => void navigate({ search: (prev) => ({ ...prev, page: to }) })}
        status={
          members.isError ? (
            <ErrorNotice error={members.error} />
          ) : members.isPending ? (
            <Trans>Loading…</Trans>
          ) : (
            <Trans>No member matches.</Trans>
          )
        }
      />
    </section>
  )
}

const NO_ROWS: MemberRow[] = []

// ── A member's page ────────────────────────────────────────────────────────────────────────────────

function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  const id = useId()
  return (
    <section className="admin-card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  )
}

/** The refused fields of an error, in the staff member's language (the API's message when none is known). */
function FieldErrors({ error }: { error: unknown }) {
  const { i18n } = useLingui()
  if (!(error instanceof AdminApiError)) return <ErrorNotice error={error} />
  const known = Object.entries(error.fields)
    .map(([field, code]) => FIELD_MESSAGES[`${field}:${code}`] ?? (field === 'reason' ? msg`Write a reason.` : null))
    .filter((message): message is MessageDescriptor => message !== null)
  if (known.length === 0) return <ErrorNotice error={error} />
  return (
    <div role="alert" className="admin-notice admin-notice--error">
      {known.map((message, index) => (
        <p key={index}>{i18n._(message)}</p>
      ))}
    </div>
  )
}

/**
 * An action in a dialog: its fields, a reason (kept in the audit log) and a confirming button. `run` gets the form's
 * values and the reason; what it resolves to is the page's notice. Escape or "Back" closes it, the focus goes back to
 * the button that opened it.
 */
function ActionDialog({
  opener,
  title,
  intro,
  submit,
  danger = false,
  children,
  run,
  onDone,
}: {
  opener: ReactNode
  title: ReactNode
  intro?: ReactNode
  submit: ReactNode
  danger?: boolean
  children?: ReactNode
  run: (form: FormData, reason: string) => Promise<ReactNode>
  onDone: (notice: ReactNode) => void
}) {
  const id = useId()
  const dialog = useRef<HTMLDialogElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const form = useRef<HTMLFormElement>(null)
  const action = useMutation({
    mutationFn: ({ values, reason }: { values: FormData; reason: string }) => run(values, reason),
    onSuccess: (notice) => {
      dialog.current?.close()
      form.current?.reset()
      onDone(notice)
    },
  })
  const close = () => {
    dialog.current?.close()
    action.reset()
  }
  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const values = new FormData(event.currentTarget)
    const reason = values.get('reason')
    action.mutate({ values, reason: typeof reason === 'string' ? reason.trim() : '' })
  }
  return (
    <>
      <button
        ref={button}
        type="button"
        className={`admin-button ${danger ? 'admin-button--danger' : 'admin-button--secondary'}`}
        onClick={() => dialog.current?.showModal()}
      >
        {opener}
      </button>
      <dialog
        ref={dialog}
        className="admin-dialog admin-member__dialog"
        aria-labelledby={`${id}-title`}
        onClose={() => button.current?.focus()}
      >
        <form ref={form} onSubmit={send} className="admin-form">
          <h2 id={`${id}-title`}>{title}</h2>
          {intro ? <p>{intro}</p> : null}
          {children}
          <div className="admin-field">
            <label htmlFor={`${id}-reason`}>
              <Trans>Reason (kept in the audit log)</Trans>
            </label>
            <textarea id={`${id}-reason`} name="reason" rows={3} minLength={3} maxLength={500} required />
          </div>
          {action.isError ? <FieldErrors error={action.error} /> : null}
          <div className="admin-dialog__actions">
            <button
              type="submit"
              className={`admin-button${danger ? ' admin-button--danger' : ''}`}
              disabled={action.isPending}
            >
              {submit}
            </button>
            <button type="button" className="admin-button admin-button--quiet" onClick={close}>
              <Trans>Back</Trans>
            </button>
          </div>
        </form>
      </dialog>
    </>
  )
}

const text = (form: FormData, name: string) => {
  const value = form.get(name)
  return typeof value === 'string' ? value.trim() : ''
}

/** Major units typed (12.50) as minor units, or NaN. */
const minorUnits = (value: string) => (/^\d{1,7}(\.\d{1,2})?$/.test(value) ? Math.round(Number(value) * 100) : NaN)

function GoodwillFields() {
  const id = useId()
  const [kind, setKind] = useState<'amount' | 'percent'>('amount')
  return (
    <>
      <fieldset className="admin-member__choice">
        <legend>
          <Trans>Kind</Trans>
        </legend>
        <label>
          <input
            type="radio"
            name="kind"
            value="amount"
            checked={kind === 'amount'}
            onChange={() => setKind('amount')}
          />{' '}
          <Trans>A fixed amount</Trans>
        </label>
        <label>
          <input
            type="radio"
            name="kind"
            value="percent"
            checked={kind === 'percent'}
            onChange={() => setKind('percent')}
          />{' '}
          <Trans>A percentage</Trans>
        </label>
      </fieldset>
      {kind === 'amount' ? (
        <div className="admin-member__pair">
          <div className="admin-field">
            <label htmlFor={`${id}-amount`}>
              <Trans>Amount</Trans>
            </label>
            <input
              id={`${id}-amount`}
              name="amount"
              inputMode="decimal"
              required
              aria-describedby={`${id}-amount-hint`}
            />
            <p id={`${id}-amount-hint`} className="admin-field__hint">
              <Trans>50 to 2,000 THB, or 2 to 60 USD</Trans>
            </p>
          </div>
          <div className="admin-field">
            <label htmlFor={`${id}-currency`}>
              <Trans>Currency</Trans>
            </label>
            <select id={`${id}-currency`} name="currency" defaultValue="thb">
              <option value="thb">THB</option>
              <option value="usd">USD</option>
            </select>
          </div>
        </div>
      ) : (
        <div className="admin-field">
          <label htmlFor={`${id}-percent`}>
            <Trans>Percentage off</Trans>
          </label>
          <input
            id={`${id}-percent`}
            name="percent"
            type="number"
            step={1}
            required
            aria-describedby={`${id}-percent-hint`}
          />
          <p id={`${id}-percent-hint`} className="admin-field__hint">
            <Trans>5 to 50 %, at most 2,000 THB or 60 USD off an order</Trans>
          </p>
        </div>
      )}
      <div className="admin-field">
        <label htmlFor={`${id}-days`}>
          <Trans>Valid for (days)</Trans>
        </label>
        <input id={`${id}-days`} name="valid_days" type="number" step={1} defaultValue={30} required />
      </div>
    </>
  )
}

/** Looks up the other account of a merge and shows both side by side with the choice of what survives. */
function MergeFields({ member }: { member: AdminMember }) {
  const { t } = useLingui()
  const id = useId()
  const [q, setQ] = useState('')
  const [looked, setLooked] = useState('')
  const [otherId, setOtherId] = useState<string | null>(null)
  const found = useQuery({
    queryKey: [...adminKeys.members, 'merge-search', looked],
    queryFn: () => listMembers({ q: looked, size: 25 }),
    enabled: looked !== '',
  })
  const other = useQuery({ ...memberQuery(otherId ?? ''), enabled: otherId !== null })
  const candidates = (found.data?.items ?? []).filter((row) => row.id !== member.id)
  const side = (name: 'email_from' | 'telephone_from' | 'line_from', kept: string | null, theirs: string | null) => (
    <fieldset className="admin-member__choice">
      <legend>
        {name === 'email_from' ? <Trans>E-mail to keep</Trans> : null}
        {name === 'telephone_from' ? <Trans>Telephone to keep</Trans> : null}
        {name === 'line_from' ? <Trans>LINE to keep</Trans> : null}
      </legend>
      <label>
        <input type="radio" name={name} value="kept" defaultChecked={kept !== null || theirs === null} />{' '}
        {kept ?? t`none`} <Trans>(this account)</Trans>
      </label>
      <label>
        <input type="radio" name={name} value="other" defaultChecked={kept === null && theirs !== null} />{' '}
        {theirs ?? t`none`} <Trans>(the other account)</Trans>
      </label>
    </fieldset>
  )
  return (
    <>
      <div className="admin-field">
        <label htmlFor={`${id}-q`}>
          <Trans>Find the other account</Trans>
        </label>
        <div className="admin-member__lookup">
          <input
            id={`${id}-q`}
            type="search"
            value={q}
            maxLength={100}
            onChange={(event) => setQ(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault()
                setLooked(q.trim())
              }
            }}
          />
          <button type="button" className="admin-button admin-button--secondary" onClick={() => setLooked(q.trim())}>
            <Trans>Look up</Trans>
          </button>
        </div>
      </div>
      {looked !== '' ? (
        found.isPending ? (
          <p role="status">
            <Trans>Loading…</Trans>
          </p>
        ) : candidates.length === 0 ? (
          <p role="status">
            <Trans>No member matches.</Trans>
          </p>
        ) : (
          <fieldset className="admin-member__choice">
            <legend>
              <Trans>The other account</Trans>
            </legend>
            {candidates.map((row) => (
              <label key={row.id}>
                <input
                  type="radio"
                  name="other_id"
                  value={row.id}
                  required
                  checked={otherId === row.id}
                  onChange={() => setOtherId(row.id)}
                />{' '}
                {row.name} · {row.telephone ?? row.email ?? t`LINE only`}
              </label>
            ))}
          </fieldset>
        )
      ) : null}
      {other.data ? (
        <>
          <TableScroll label={t`The two accounts side by side`}>
            <table className="admin-lines">
              <thead>
                <tr>
                  <td />
                  <th scope="col">
                    <Trans>This account (kept)</Trans>
                  </th>
                  <th scope="col">
                    <Trans>The other account (removed)</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <th scope="row">
                    <Trans>Name</Trans>
                  </th>
                  <td>{member.name}</td>
                  <td>{other.data.name}</td>
                </tr>
                <tr>
                  <th scope="row">
                    <Trans>Orders</Trans>
                  </th>
                  <td>{member.orders.length}</td>
                  <td>{other.data.orders.length}</td>
                </tr>
                <tr>
                  <th scope="row">
                    <Trans>Tier</Trans>
                  </th>
                  <td>
                    <Tier tier={member.tier.tier} />
                  </td>
                  <td>
                    <Tier tier={other.data.tier.tier} />
                  </td>
                </tr>
              </tbody>
            </table>
          </TableScroll>
          {side('email_from', member.email, other.data.email)}
          {side('telephone_from', member.telephone, other.data.telephone)}
          {side('line_from', member.line_user_id, other.data.line_user_id)}
        </>
      ) : null}
    </>
  )
}

function MemberActions({ member, onDone }: { member: AdminMember; onDone: (notice: ReactNode) => void }) {
  const id = useId()
  const queryClient = useQueryClient()
  const name = member.name
  const changed = (updated?: AdminMember) => {
    if (updated) queryClient.setQueryData(adminKeys.member(member.id), updated)
    else void queryClient.invalidateQueries({ queryKey: adminKeys.member(member.id) })
    void queryClient.invalidateQueries({ queryKey: [...adminKeys.members, 'list'] })
  }
  return (
    <div className="admin-member__actions" role="group" aria-labelledby={`${id}-actions`}>
      <h2 id={`${id}-actions`} className="admin-visually-hidden">
        <Trans>Actions</Trans>
      </h2>
      <ActionDialog
        opener={<Trans>Goodwill code</Trans>}
        title={<Trans>A goodwill code for {name}</Trans>}
        intro={<Trans>The member sees it among their codes and can use it once at checkout.</Trans>}
        submit={<Trans>Issue the code</Trans>}
        onDone={onDone}
        run={async (form, reason) => {
          const kind = text(form, 'kind') === 'percent' ? 'percent' : 'amount'
          const currency = text(form, 'currency') === 'usd' ? 'usd' : 'thb'
          const issued = await issueGoodwillCode(member.id, {
            kind,
            ...(kind === 'percent'
              ? { percent: Number(text(form, 'percent')) }
              : { amount: minorUnits(text(form, 'amount')), currency }),
            valid_days: Number(text(form, 'valid_days')),
            reason,
          })
          changed()
          const code = issued.code
          return <Trans>Code {code} issued.</Trans>
        }}
      >
        <GoodwillFields />
      </ActionDialog>
      <ActionDialog
        opener={<Trans>Correct birth date</Trans>}
        title={<Trans>Correct the birth date of {name}</Trans>}
        intro={<Trans>The birth-month code follows the new date.</Trans>}
        submit={<Trans>Save the birth date</Trans>}
        onDone={onDone}
        run={async (form, reason) => {
          changed(await correctBirthdate(member.id, text(form, 'birthdate'), reason))
          return <Trans>The birth date is corrected.</Trans>
        }}
      >
        <div className="admin-field">
          <label htmlFor={`${id}-birthdate`}>
            <Trans>Birth date</Trans>
          </label>
          <input id={`${id}-birthdate`} name="birthdate" type="date" required defaultValue={member.birthdate ?? ''} />
        </div>
      </ActionDialog>
      <ActionDialog
        opener={<Trans>Merge accounts</Trans>}
        title={<Trans>Merge another account into {name}</Trans>}
        intro={
          <Trans>
            The other account’s orders, addresses, wishlist, cart and codes move here, its spending counts for this
            tier, and it is removed with its sessions. This cannot be undone.
          </Trans>
        }
        submit={<Trans>Merge and remove the other account</Trans>}
        danger
        onDone={onDone}
        run={async (form, reason) => {
          const pick = (field: string) => (text(form, field) === 'other' ? 'other' : 'kept')
          const merged = await mergeMembers(member.id, {
            other_id: text(form, 'other_id'),
            email_from: pick('email_from'),
            telephone_from: pick('telephone_from'),
            line_from: pick('line_from'),
            reason,
          })
          changed(merged.member)
          return <Trans>The accounts are merged.</Trans>
        }}
      >
        <MergeFields member={member} />
      </ActionDialog>
      {member.blocked_at ? (
        <ActionDialog
          opener={<Trans>Unblock</Trans>}
          title={<Trans>Unblock {name}?</Trans>}
          intro={<Trans>The member can sign in and buy again.</Trans>}
          submit={<Trans>Unblock the member</Trans>}
          onDone={onDone}
          run={async (_form, reason) => {
            changed(await setMemberBlocked(member.id, false, reason))
            return <Trans>The member is unblocked.</Trans>
          }}
        />
      ) : (
        <ActionDialog
          opener={<Trans>Block</Trans>}
          title={<Trans>Block {name}?</Trans>}
          intro={
            <Trans>
              Every session ends at once; signing in by code or LINE and checkout are refused until unblocked. The
              member reads only “contact us”.
            </Trans>
          }
          submit={<Trans>Block the member</Trans>}
          danger
          onDone={onDone}
          run={async (_form, reason) => {
            changed(await setMemberBlocked(member.id, true, reason))
            return <Trans>The member is blocked.</Trans>
          }}
        />
      )}
    </div>
  )
}

function Identity({ member }: { member: AdminMember }) {
  const { i18n, t } = useLingui()
  const when = useWhen()
  const confirmed = (value: boolean) => (value ? t`confirmed` : t`not confirmed`)
  return (
    <dl className="admin-totals admin-member__facts">
      <dt>
        <Trans>E-mail</Trans>
      </dt>
      <dd>{member.email ? `${member.email} (${confirmed(member.email_verified)})` : '—'}</dd>
      <dt>
        <Trans>Telephone</Trans>
      </dt>
      <dd>{member.telephone ? `${member.telephone} (${confirmed(member.telephone_verified)})` : '—'}</dd>
      <dt>
        <Trans>Gender</Trans>
      </dt>
      <dd>{member.gender ? i18n._(GENDER_LABELS[member.gender]) : '—'}</dd>
      <dt>
        <Trans>Birth date</Trans>
      </dt>
      <dd>{member.birthdate ?? '—'}</dd>
      <dt>
        <Trans>LINE</Trans>
      </dt>
      <dd>{member.line_user_id ? t`Linked` : t`Not linked`}</dd>
      <dt>
        <Trans>Joined</Trans>
      </dt>
      <dd>{when(member.created_at)}</dd>
    </dl>
  )
}

function TierCycle({ member }: { member: AdminMember }) {
  const money = useMoney()
  const when = useWhen()
  const tier = member.tier
  return (
    <dl className="admin-totals admin-member__facts">
      <dt>
        <Trans>Tier</Trans>
      </dt>
      <dd>
        <Tier tier={tier.tier} />
      </dd>
      <dt>
        <Trans>Cycle</Trans>
      </dt>
      <dd>{tier.cycle_start && tier.cycle_end ? `${tier.cycle_start} – ${tier.cycle_end}` : '—'}</dd>
      <dt>
        <Trans>Spending this cycle</Trans>
      </dt>
      <dd>{money(tier.spent_in_cycle)}</dd>
      <dt>
        <Trans>Tier expires</Trans>
      </dt>
      <dd>{tier.expires_at ? when(tier.expires_at) : '—'}</dd>
      {tier.to_keep !== null ? (
        <>
          <dt>
            <Trans>To keep the tier</Trans>
          </dt>
          <dd>{money(tier.to_keep)}</dd>
        </>
      ) : null}
      {tier.to_next !== null ? (
        <>
          <dt>
            <Trans>To the next tier</Trans>
          </dt>
          <dd>{money(tier.to_next)}</dd>
        </>
      ) : null}
    </dl>
  )
}

/** A member's page (issue 33 item 1): everything about them, and the actions for members:write. */
export function MemberScreen() {
  const { t, i18n } = useLingui()
  const { id } = memberRoute.useParams()
  const { me } = useRouteContext({ from: '__root__' })
  const member = useQuery(memberQuery(id))
  const [notice, setNotice] = useState<ReactNode>(null)
  const when = useWhen()
  const money = useMoney()
  const queryClient = useQueryClient()
  useAdminTitle(member.data ? member.data.name : t`Member`)
  if (member.isError) return <ErrorNotice error={member.error} />
  if (!member.data) {
    return (
      <p className="admin-empty" role="status">
        <Trans>Loading…</Trans>
      </p>
    )
  }
  const data = member.data
  const mayWrite = can(me, 'members:write')
  const name = data.name
  return (
    <article aria-labelledby="admin-member-title" className="admin-member">
      <p>
        <Link to="/members">
          <Trans>All members</Trans>
        </Link>
      </p>
      <h1 id="admin-member-title">{data.name}</h1>
      <p>
        <span className="admin-badge">
          <Tier tier={data.tier.tier} />
        </span>
        {data.blocked_at ? (
          <>
            {' '}
            <span className="admin-badge admin-badge--cancelled">
              <Trans>Blocked</Trans>
            </span>
          </>
        ) : null}
      </p>
      <div role="status" className="admin-order__notice">
        {notice}
      </div>
      {mayWrite ? <MemberActions member={data} onDone={setNotice} /> : null}

      <div className="admin-order__grid">
        <Section title={<Trans>Identity</Trans>}>
          <Identity member={data} />
        </Section>
        <Section title={<Trans>Tier and cycle</Trans>}>
          <TierCycle member={data} />
        </Section>
      </div>

      <Section title={<Trans>Spending</Trans>}>
        {data.spending.length === 0 ? (
          <p>
            <Trans>No paid order yet.</Trans>
          </p>
        ) : (
          <TableScroll label={t`Table of spending`}>
            <table className="admin-lines">
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>Order</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Paid</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Total</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Counts (THB)</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.spending.map((row) => (
                  <tr key={row.order_number}>
                    <td>
                      <Link to="/orders/$number" params={{ number: row.order_number }}>
                        {row.order_number}
                      </Link>
                    </td>
                    <td>{when(row.paid_at)}</td>
                    <td>{money(row.total, row.currency)}</td>
                    <td>{money(row.thb)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </Section>

      <Section title={<Trans>Codes</Trans>}>
        {data.codes.length === 0 ? (
          <p>
            <Trans>No code issued.</Trans>
          </p>
        ) : (
          <TableScroll label={t`Table of codes`}>
            <table className="admin-lines">
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>Code</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Kind</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Value</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Valid until</Trans>
                  </th>
                  <th scope="col">
                    <Trans>State</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.codes.map((code) => (
                  <tr key={code.code}>
                    <td>{code.code}</td>
                    <td>{i18n._(CODE_KIND_LABELS[code.kind])}</td>
                    <td>
                      {code.amount !== null && code.amount_currency !== null
                        ? money(code.amount, code.amount_currency)
                        : `${code.percent} %`}
                    </td>
                    <td>{when(code.valid_until)}</td>
                    <td>{code.used ? t`Used` : code.expired ? t`Expired` : t`Not used`}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </Section>

      <Section title={<Trans>Orders</Trans>}>
        {data.orders.length === 0 ? (
          <p>
            <Trans>No order yet.</Trans>
          </p>
        ) : (
          <ul>
            {data.orders.map((order) => (
              <li key={order.number}>
                <Link to="/orders/$number" params={{ number: order.number }}>
                  {order.number}
                </Link>{' '}
                · {when(order.placed_at)} · {i18n._(ORDER_STATUS_LABELS[order.status])} ·{' '}
                {money(order.total, order.currency)}
              </li>
            ))}
          </ul>
        )}
      </Section>

      <div className="admin-order__grid">
        <Section title={<Trans>Addresses</Trans>}>
          {data.addresses.length === 0 ? (
            <p>
              <Trans>No saved address.</Trans>
            </p>
          ) : (
            <ul>
              {data.addresses.map((address) => (
                <li key={address.id}>
                  {address.name} · {address.telephone}
                  <br />
                  {address.lines}, {address.country}
                  {address.is_default ? ` · ${t`default`}` : ''}
                </li>
              ))}
            </ul>
          )}
        </Section>
        <Section title={<Trans>Sessions</Trans>}>
          {data.sessions.length === 0 ? (
            <p>
              <Trans>Not signed in anywhere.</Trans>
            </p>
          ) : (
            <ul>
              {data.sessions.map((session) => (
                <li key={session.id}>
                  {session.user_agent ?? t`Unknown device`}
                  {session.country ? ` · ${session.country}` : ''} · <Trans>last seen</Trans>{' '}
                  {when(session.last_seen_at)}
                </li>
              ))}
            </ul>
          )}
          {mayWrite && data.sessions.length > 0 ? (
            <ActionDialog
              opener={<Trans>End all sessions</Trans>}
              title={<Trans>Sign {name} out everywhere?</Trans>}
              submit={<Trans>End all sessions</Trans>}
              danger
              onDone={setNotice}
              run={async (_form, reason) => {
                const { ended } = await endMemberSessions(data.id, reason)
                void queryClient.invalidateQueries({ queryKey: adminKeys.member(data.id) })
                return <Trans>{ended} sessions ended.</Trans>
              }}
            />
          ) : null}
        </Section>
      </div>
    </article>
  )
}
