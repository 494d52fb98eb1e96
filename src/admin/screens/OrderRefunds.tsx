import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { useId, useRef, useState, type FormEvent } from 'react'
import { formatMoney } from '~/domain/money'
import { createRefund, getOrderRefunds, type AdminOrder, type OrderRefunds, type RefundInput } from '../api'
import { useScreenStepUp } from '../manage/common'
import { adminKeys } from '../queries'
import { can } from '../session'
import { isStepUpCancelled } from '../ui/StepUp'
import { formatWhen, REFUND_STATE_LABELS, REFUND_STATUS_LABELS } from '../ui/order-labels'
import { ErrorNotice } from './ErrorScreen'

/** An order's refunds in the query cache, beside the order. */
const refundsKey = (number: string) => [...adminKeys.order(number), 'refunds'] as const

type Mode = RefundInput['mode']

/** Baht (or dollars) as staff type them, "450" or "450.50", in minor units; null when it is not an amount. */
export function minorUnitsTyped(text: string): number | null {
  const match = /^\s*(\d{1,9})(?:[.,](\d{1,2}))?\s*$/.exec(text)
  if (!match) return null
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'))
}

/** The amount a choice of pieces gives back: each line's first pieces left, at what was paid for them. */
export function piecesTotal(lines: OrderRefunds['lines'], chosen: Record<number, number>): number {
  return lines.reduce(
    (sum, line) =>
      sum + line.piece_amounts.slice(0, chosen[line.position] ?? 0).reduce((total, amount) => total + amount, 0),
    0,
  )
}

/**
 * The refund dialog (issue 31 item 7): pieces, an amount or all that is left, a reason, a transfer's bank reference;
 * what may be refunded and what this refund gives back shown as staff choose; the second factor asked again when the
 * API wants it; one idempotency key per opening, so a double click or a retry after a lost answer is one refund.
 */
function RefundDialog({
  order,
  refunds,
  onDone,
}: {
  order: AdminOrder
  refunds: OrderRefunds
  onDone: (amount: number) => void
}) {
  const { t } = useLingui()
  const id = useId()
  const { place } = useRouteContext({ from: '__root__' })
  const money = (amount: number) => formatMoney(amount, refunds.currency, place.locale)
  const dialog = useRef<HTMLDialogElement>(null)
  const opener = useRef<HTMLButtonElement>(null)
  const key = useRef('')
  const stepUp = useScreenStepUp()
  const [mode, setMode] = useState<Mode>('pieces')
  const [chosen, setChosen] = useState<Record<number, number>>({})
  const [amountText, setAmountText] = useState('')
  const [reason, setReason] = useState('')
  const [bankReference, setBankReference] = useState('')
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<unknown>(null)
  const [problem, setProblem] = useState<'pieces' | 'amount' | null>(null)

  const typed = minorUnitsTyped(amountText)
  const amount =
    mode === 'full' ? refunds.refundable : mode === 'pieces' ? piecesTotal(refunds.lines, chosen) : (typed ?? 0)
  const refundable = money(refunds.refundable)
  const toRefund = money(amount)
  const number = order.number
  const currency = refunds.currency.toUpperCase()
  const nameOf = (position: number) => {
    const line = order.lines.find((candidate) => candidate.position === position)
    return line ? `${line.name} (${line.size})` : String(position)
  }

  const open = () => {
    key.current = crypto.randomUUID()
    setFailure(null)
    setProblem(null)
    dialog.current?.showModal()
  }
  const close = () => dialog.current?.close()

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy) return
    const wrong = mode === 'pieces' && amount === 0 ? 'pieces' : mode === 'amount' && !typed ? 'amount' : null
    setProblem(wrong)
    if (wrong) {
      document.getElementById(`${id}-${wrong}`)?.focus()
      return
    }
    const input: RefundInput = {
      mode,
      reason: reason.trim(),
      ...(mode === 'pieces'
        ? {
            pieces: Object.entries(chosen)
              .filter(([, quantity]) => quantity > 0)
              .map(([position, quantity]) => ({ position: Number(position), quantity })),
          }
        : {}),
      ...(mode === 'amount' ? { amount } : {}),
      ...(refunds.needs_bank_reference ? { bank_reference: bankReference.trim() } : {}),
    }
    setBusy(true)
    setFailure(null)
    try {
      const made = await stepUp.run(() => createRefund(order.number, input, key.current))
      close()
      setChosen({})
      setAmountText('')
      setReason('')
      setBankReference('')
      onDone(made.refund.amount)
    } catch (error) {
      if (!isStepUpCancelled(error)) setFailure(error)
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <button ref={opener} type="button" className="admin-button" onClick={open}>
        <Trans>Refund</Trans>
      </button>
      <dialog
        ref={dialog}
        className="admin-dialog admin-refund"
        aria-labelledby={`${id}-title`}
        onClose={() => opener.current?.focus()}
      >
        <form onSubmit={submit} className="admin-form" noValidate>
          <h2 id={`${id}-title`}>
            <Trans>Refund on order {number}</Trans>
          </h2>
          <p>
            <Trans>Up to {refundable} can be refunded.</Trans>
          </p>
          <fieldset className="admin-refund__modes">
            <legend>
              <Trans>What to refund</Trans>
            </legend>
            {(
              [
                ['pieces', t`Pieces`],
                ['amount', t`An amount`],
                ['full', t`Everything left`],
              ] as const
            ).map(([value, label]) => (
              <label key={value}>
                <input
                  type="radio"
                  name="mode"
                  value={value}
                  checked={mode === value}
                  onChange={() => setMode(value)}
                />{' '}
                {label}
              </label>
            ))}
          </fieldset>
          {mode === 'pieces' ? (
            <fieldset
              id={`${id}-pieces`}
              tabIndex={-1}
              aria-describedby={problem === 'pieces' ? `${id}-pieces-error` : undefined}
            >
              <legend>
                <Trans>Pieces to refund</Trans>
              </legend>
              {refunds.lines.map((line) => {
                const left = line.piece_amounts.length
                const name = nameOf(line.position)
                return (
                  <div className="admin-field" key={line.position}>
                    <label htmlFor={`${id}-line-${line.position}`}>
                      <Trans>
                        {name}: {left} left
                      </Trans>
                    </label>
                    <input
                      id={`${id}-line-${line.position}`}
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={left}
                      disabled={left === 0}
                      value={chosen[line.position] ?? 0}
                      onChange={(event) => {
                        const wanted = Math.max(0, Math.min(left, Math.floor(Number(event.target.value) || 0)))
                        setChosen((before) => ({ ...before, [line.position]: wanted }))
                      }}
                    />
                  </div>
                )
              })}
              {problem === 'pieces' ? (
                <p id={`${id}-pieces-error`} className="admin-field__error">
                  <Trans>Choose at least one piece.</Trans>
                </p>
              ) : null}
            </fieldset>
          ) : null}
          {mode === 'amount' ? (
            <div className="admin-field">
              <label htmlFor={`${id}-amount`}>
                <Trans>Amount ({currency})</Trans>
              </label>
              <input
                id={`${id}-amount`}
                inputMode="decimal"
                autoComplete="off"
                value={amountText}
                aria-invalid={problem === 'amount' ? true : undefined}
                aria-describedby={problem === 'amount' ? `${id}-amount-error` : undefined}
                onChange={(event) => setAmountText(event.target.value)}
              />
              {problem === 'amount' ? (
                <p id={`${id}-amount-error`} className="admin-field__error">
                  <Trans>Type an amount such as 450 or 450.50.</Trans>
                </p>
              ) : null}
            </div>
          ) : null}
          <div className="admin-field">
            <label htmlFor={`${id}-reason`}>
              <Trans>Reason (staff only)</Trans>
            </label>
            <textarea
              id={`${id}-reason`}
              value={reason}
              rows={2}
              maxLength={500}
              required
              onChange={(event) => setReason(event.target.value)}
            />
          </div>
          {refunds.needs_bank_reference ? (
            <div className="admin-field">
              <label htmlFor={`${id}-bank`}>
                <Trans>Reference of your transfer back to the customer</Trans>
              </label>
              <input
                id={`${id}-bank`}
                value={bankReference}
                maxLength={80}
                required
                autoComplete="off"
                onChange={(event) => setBankReference(event.target.value)}
              />
            </div>
          ) : null}
          <p className="admin-refund__total" aria-live="polite">
            <Trans>This refund: {toRefund}</Trans>
          </p>
          {failure ? <ErrorNotice error={failure} /> : null}
          <div className="admin-dialog__actions">
            <button type="submit" className="admin-button admin-button--danger" disabled={busy || amount <= 0}>
              <Trans>Refund {toRefund}</Trans>
            </button>
            <button type="button" className="admin-button admin-button--quiet" onClick={close}>
              <Trans>Do not refund</Trans>
            </button>
          </div>
        </form>
      </dialog>
      {stepUp.dialog}
    </>
  )
}

/**
 * The order's refunds and disputes in its payments (issue 31 item 7): how the payment stands (refunded, partly), each
 * refund with who asked and why, each dispute; the Refund action for a role with payments:refund.
 */
export function OrderRefundsPanel({ order, onRefunded }: { order: AdminOrder; onRefunded: (text: string) => void }) {
  const { t, i18n } = useLingui()
  const { me, place } = useRouteContext({ from: '__root__' })
  const queryClient = useQueryClient()
  const refunds = useQuery({ queryKey: refundsKey(order.number), queryFn: () => getOrderRefunds(order.number) })
  if (refunds.isError) return <ErrorNotice error={refunds.error} />
  if (!refunds.data) return null
  const data = refunds.data
  const money = (amount: number) => formatMoney(amount, data.currency, place.locale)
  const when = (iso: string) => formatWhen(iso, place.locale)
  const refunded = money(data.refunded)
  const refundable = money(data.refundable)
  const done = (amount: number) => {
    const given = money(amount)
    onRefunded(t`Refunded ${given}.`)
    void queryClient.invalidateQueries({ queryKey: adminKeys.order(order.number) })
    void queryClient.invalidateQueries({ queryKey: adminKeys.orders })
  }
  return (
    <div className="admin-refunds">
      {data.paid > 0 ? (
        <p>
          {i18n._(REFUND_STATE_LABELS[data.state])}
          {data.refunded > 0 ? (
            <>
              {' · '}
              <Trans>refunded {refunded}</Trans>
            </>
          ) : null}
          {' · '}
          <Trans>refundable {refundable}</Trans>
        </p>
      ) : null}
      {data.refunds.length > 0 ? (
        <ul aria-label={t`Refunds`}>
          {data.refunds.map((refund) => (
            <li key={refund.id}>
              {money(refund.amount)} · {i18n._(REFUND_STATUS_LABELS[refund.status])} · {when(refund.created_at)} ·{' '}
              {refund.reason} · {refund.requested_by}
              {refund.provider_ref ? ` · ${refund.provider_ref}` : ''}
            </li>
          ))}
        </ul>
      ) : null}
      {data.disputes.length > 0 ? (
        <ul aria-label={t`Disputes`}>
          {data.disputes.map((dispute) => {
            const amount = money(dispute.amount)
            const reason = dispute.reason
            const status = dispute.status
            return (
              <li key={dispute.id} className={dispute.open ? 'admin-refunds__dispute--open' : undefined}>
                {dispute.open ? (
                  <Trans>
                    Open dispute of {amount}: {reason} ({status})
                  </Trans>
                ) : (
                  <Trans>
                    Closed dispute of {amount}: {reason} ({status})
                  </Trans>
                )}
              </li>
            )
          })}
        </ul>
      ) : null}
      {can(me, 'payments:refund') && data.refundable > 0 ? (
        <RefundDialog order={order} refunds={data} onDone={done} />
      ) : null}
    </div>
  )
}
