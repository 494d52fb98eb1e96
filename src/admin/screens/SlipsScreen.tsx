import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useRouteContext } from '@tanstack/react-router'
import { useId, useState } from 'react'
import { formatMoney } from '~/domain/money'
import {
  confirmSlip,
  confirmStatement,
  previewStatement,
  rejectSlip,
  slipPictureUrl,
  type AdminSlip,
  type SlipRejectReason,
  type StatementProposal,
  type StatementResult,
} from '../api'
import { useScreenStepUp } from '../manage/common'
import { adminKeys, slipsQuery } from '../queries'
import { isStepUpCancelled } from '../ui/StepUp'
import { formatWhen } from '../ui/order-labels'
import { useAdminTitle } from '../ui/title'
import { ErrorNotice } from './ErrorScreen'

/** Why a slip waits for review, in the staff's words. */
const REVIEW_REASONS = {
  no_qr: msg`No slip QR could be read in the picture`,
  provider_refused: msg`The bank does not know this slip`,
  provider_unreachable: msg`The slip could not be verified (the service did not answer)`,
  amount_differs: msg`The amount differs from the amount due`,
  receiver_differs: msg`The money did not go to the shop’s account`,
  before_order: msg`The transfer was made before the order`,
  reference_used: msg`This transfer’s reference paid an order before`,
  not_awaiting_payment: msg`The order was no longer awaiting payment`,
} as const

/** The reasons staff give the shopper for a rejection (the shopper reads them in their language). */
const REJECT_REASONS: Record<SlipRejectReason, ReturnType<typeof msg>> = {
  amount_differs: msg`The amount on the slip is not the amount due`,
  not_received: msg`The shop has not received this transfer`,
  unreadable: msg`The slip cannot be read`,
  wrong_account: msg`The money did not go to the shop’s account`,
  duplicate: msg`This slip was used before`,
  other: msg`This slip cannot confirm the payment`,
}

type StepUp = ReturnType<typeof useScreenStepUp>

/** One slip waiting; once decided it leaves the list, so what happened is said by the screen (`onDone`), not here. */
function SlipCard({ slip, stepUp, onDone }: { slip: AdminSlip; stepUp: StepUp; onDone: (said: string) => void }) {
  const { t, i18n } = useLingui()
  const { place } = useRouteContext({ from: '__root__' })
  const queryClient = useQueryClient()
  const [reason, setReason] = useState<SlipRejectReason>('amount_differs')
  const [note, setNote] = useState('')
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<unknown>(null)
  const ids = useId()
  const money = (amount: number) => formatMoney(amount, slip.currency, place.locale)
  const reading = slip.reading
  const due = money(slip.amount_due)
  const orderNumber = slip.order_number

  async function act(action: () => Promise<unknown>, said: string) {
    setBusy(true)
    setFailure(null)
    try {
      await stepUp.run(action)
      onDone(said)
      await queryClient.invalidateQueries({ queryKey: ['admin', 'slips'] })
      await queryClient.invalidateQueries({ queryKey: adminKeys.queues })
    } catch (error) {
      if (!isStepUpCancelled(error)) setFailure(error)
    } finally {
      setBusy(false)
    }
  }

  return (
    <li className="admin-card admin-slip" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>
        <Link to="/orders/$number" params={{ number: slip.order_number }}>
          {slip.order_number}
        </Link>{' '}
        <span className="admin-slip__due">
          <Trans>Amount due {due}</Trans>
        </span>
      </h2>
      <p className="admin-slip__reason">
        <strong>{slip.reason ? i18n._(REVIEW_REASONS[slip.reason]) : null}</strong>
      </p>
      <div className="admin-slip__body">
        <a href={slipPictureUrl(slip.id)} target="_blank" rel="noreferrer">
          <img
            className="admin-slip__picture"
            src={slipPictureUrl(slip.id)}
            alt={t`Transfer slip of order ${orderNumber}`}
            loading="lazy"
            width={300}
          />
        </a>
        <dl>
          <dt>
            <Trans>Uploaded</Trans>
          </dt>
          <dd>{formatWhen(slip.uploaded_at, place.locale)}</dd>
          <dt>
            <Trans>Verified by</Trans>
          </dt>
          <dd>{slip.provider === 'demo' ? t`Demo verifier (trusts the QR)` : slip.provider}</dd>
          <dt>
            <Trans>Reference</Trans>
          </dt>
          <dd>{slip.trans_ref ?? '—'}</dd>
          {reading ? (
            <>
              <dt>
                <Trans>Amount on the slip</Trans>
              </dt>
              <dd>{money(reading.amount)}</dd>
              <dt>
                <Trans>Transferred</Trans>
              </dt>
              <dd>{formatWhen(reading.transferred_at, place.locale)}</dd>
              <dt>
                <Trans>To</Trans>
              </dt>
              <dd>
                {[reading.receiver_name, reading.receiver_account, reading.receiver_proxy]
                  .filter(Boolean)
                  .join(' · ') || '—'}
              </dd>
              <dt>
                <Trans>From</Trans>
              </dt>
              <dd>{reading.sender_name ?? '—'}</dd>
            </>
          ) : null}
        </dl>
      </div>
      <div className="admin-slip__actions">
        <button
          type="button"
          className="admin-button"
          disabled={busy}
          onClick={() => void act(() => confirmSlip(slip.id), t`Confirmed: the order is paid.`)}
        >
          <Trans>Confirm payment</Trans>
        </button>
        <form
          className="admin-form admin-form--inline"
          onSubmit={(event) => {
            event.preventDefault()
            void act(() => rejectSlip(slip.id, reason, note.trim() || null), t`Rejected: the customer is told why.`)
          }}
        >
          <div className="admin-field">
            <label htmlFor={`${ids}-reason`}>
              <Trans>Reason for the customer</Trans>
            </label>
            <select
              id={`${ids}-reason`}
              value={reason}
              onChange={(event) => setReason(event.target.value as SlipRejectReason)}
            >
              {(Object.keys(REJECT_REASONS) as SlipRejectReason[]).map((key) => (
                <option key={key} value={key}>
                  {i18n._(REJECT_REASONS[key])}
                </option>
              ))}
            </select>
          </div>
          <div className="admin-field">
            <label htmlFor={`${ids}-note`}>
              <Trans>Note for the customer (optional)</Trans>
            </label>
            <input id={`${ids}-note`} value={note} maxLength={500} onChange={(event) => setNote(event.target.value)} />
          </div>
          <button type="submit" className="admin-button admin-button--secondary" disabled={busy}>
            <Trans>Reject slip</Trans>
          </button>
        </form>
      </div>
      {failure ? <ErrorNotice error={failure} /> : null}
    </li>
  )
}

/** The bank statement's format, shown as staff paste it. */
const STATEMENT_EXAMPLE = `date,amount,reference,description
2026-11-27,1250.00,016331141051BTF04321,PromptPay from SOMCHAI
27/11/2569,"2,490.50",FT2611270001,`

function StatementImport({ stepUp }: { stepUp: StepUp }) {
  const { t } = useLingui()
  const { place } = useRouteContext({ from: '__root__' })
  const queryClient = useQueryClient()
  const [csv, setCsv] = useState('')
  const [proposals, setProposals] = useState<StatementProposal[] | null>(null)
  const [chosen, setChosen] = useState<Record<number, string>>({})
  const [results, setResults] = useState<StatementResult[] | null>(null)
  const [failure, setFailure] = useState<unknown>(null)
  const [busy, setBusy] = useState(false)
  const ids = useId()
  const lineLabel = (line: number) => t`Order for line ${line}`

  async function preview() {
    setBusy(true)
    setFailure(null)
    setResults(null)
    try {
      const answer = await stepUp.run(() => previewStatement(csv))
      setProposals(answer.proposals)
      setChosen(Object.fromEntries(answer.proposals.filter((p) => p.number).map((p) => [p.line, p.number ?? ''])))
    } catch (error) {
      if (!isStepUpCancelled(error)) setFailure(error)
    } finally {
      setBusy(false)
    }
  }

  async function confirm() {
    if (!proposals) return
    const matches = proposals
      .filter((proposal) => chosen[proposal.line])
      .map((proposal) => ({ number: chosen[proposal.line] ?? '', reference: proposal.reference }))
    if (matches.length === 0) return
    setBusy(true)
    setFailure(null)
    try {
      setResults((await stepUp.run(() => confirmStatement(matches))).results)
      setProposals(null)
      await queryClient.invalidateQueries({ queryKey: adminKeys.queues })
    } catch (error) {
      if (!isStepUpCancelled(error)) setFailure(error)
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="admin-card" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>
        <Trans>Match a bank statement</Trans>
      </h2>
      <p>
        <Trans>
          Paste the statement as CSV with a header line naming the columns date, amount and reference (or description).
          Dates as YYYY-MM-DD or DD/MM/YYYY, amounts in baht. Nothing is changed until you confirm the matches.
        </Trans>
      </p>
      <pre className="admin-code">{STATEMENT_EXAMPLE}</pre>
      <form
        className="admin-form"
        onSubmit={(event) => {
          event.preventDefault()
          void preview()
        }}
      >
        <div className="admin-field">
          <label htmlFor={`${ids}-csv`}>
            <Trans>Statement (CSV)</Trans>
          </label>
          <textarea id={`${ids}-csv`} rows={6} value={csv} onChange={(event) => setCsv(event.target.value)} />
        </div>
        <button type="submit" className="admin-button admin-button--secondary" disabled={busy || !csv.trim()}>
          <Trans>Preview matches</Trans>
        </button>
      </form>
      {proposals ? (
        <div className="admin-table-scroll">
          <table className="admin-table">
            <caption>
              <Trans>Proposed matches</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Line</Trans>
                </th>
                <th scope="col">
                  <Trans>Date</Trans>
                </th>
                <th scope="col">
                  <Trans>Amount</Trans>
                </th>
                <th scope="col">
                  <Trans>Reference</Trans>
                </th>
                <th scope="col">
                  <Trans>Order</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {proposals.map((proposal) => (
                <tr key={proposal.line}>
                  <td>{proposal.line}</td>
                  <td>{proposal.date}</td>
                  <td>{formatMoney(proposal.amount, 'thb', place.locale)}</td>
                  <td>{proposal.reference}</td>
                  <td>
                    {proposal.problem === 'reference_used' ? (
                      <Trans>Reference used before</Trans>
                    ) : proposal.candidates.length === 0 ? (
                      <Trans>No open transfer of this amount</Trans>
                    ) : (
                      <select
                        aria-label={lineLabel(proposal.line)}
                        value={chosen[proposal.line] ?? ''}
                        onChange={(event) => setChosen({ ...chosen, [proposal.line]: event.target.value })}
                      >
                        <option value="">{t`Do not match`}</option>
                        {proposal.candidates.map((number) => (
                          <option key={number} value={number}>
                            {number}
                          </option>
                        ))}
                      </select>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <button type="button" className="admin-button" disabled={busy} onClick={() => void confirm()}>
            <Trans>Confirm the chosen matches</Trans>
          </button>
        </div>
      ) : null}
      {results ? (
        <ul role="status">
          {results.map(({ number, reference, paid, reason }) => (
            <li key={`${number}-${reference}`}>
              {paid ? (
                <Trans>
                  {number}: paid ({reference})
                </Trans>
              ) : (
                <Trans>
                  {number}: not paid ({reason})
                </Trans>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {failure ? <ErrorNotice error={failure} /> : null}
    </section>
  )
}

/**
 * Transfer slips to review (issue 31 item 6): each slip that did not pay its order by itself, with its picture, what
 * the provider read and why it waits; confirm it (the order is paid) or reject it with a reason the customer reads.
 * Below, a bank statement's lines matched to open transfers.
 */
export function SlipsScreen() {
  const { t } = useLingui()
  useAdminTitle(t`Slips to review`)
  const slips = useQuery(slipsQuery)
  const stepUp = useScreenStepUp()
  const [done, setDone] = useState<string | null>(null)
  return (
    <section aria-labelledby="admin-slips-title">
      <h1 id="admin-slips-title">
        <Trans>Slips to review</Trans>
      </h1>
      <div aria-live="polite">
        {done ? (
          <p role="status" className="admin-notice">
            {done}
          </p>
        ) : null}
      </div>
      {slips.isError ? (
        <ErrorNotice error={slips.error} />
      ) : slips.data ? (
        slips.data.items.length === 0 ? (
          <p className="admin-empty">
            <Trans>No slips waiting.</Trans>
          </p>
        ) : (
          <ul className="admin-slips">
            {slips.data.items.map((slip) => (
              <SlipCard key={slip.id} slip={slip} stepUp={stepUp} onDone={setDone} />
            ))}
          </ul>
        )
      ) : (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      )}
      <StatementImport stepUp={stepUp} />
      {stepUp.dialog}
    </section>
  )
}
