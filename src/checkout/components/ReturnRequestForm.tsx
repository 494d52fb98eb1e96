import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { orderQuery, requestReturn } from '~/checkout/checkout.functions'
import {
  isPieceRefusal,
  isReturnRefusal,
  PIECE_REFUSAL_LABELS,
  RETURN_REASON_LABELS,
  RETURN_REFUSAL_LABELS,
} from '~/checkout/return-labels'
import type { Order } from '~/checkout/types'
import { RETURN_NOTE_MAX, RETURN_REASONS, type ReturnReason } from '~/domain/returns'
import { useLocale } from '~/i18n/use-locale'
import { usePending } from '~/forms/use-pending'

type Piece = Order['items'][number]
type Choice = { chosen: boolean; quantity: number; exchangeSize: string }

/** The text of a field's error code from the API (the same codes the server validates with). */
const FIELD_MESSAGES: Record<string, MessageDescriptor> = {
  required: msg`THIS FIELD IS REQUIRED.`,
  invalid: msg`THIS FIELD IS NOT VALID.`,
  tooMany: msg`That is more than you bought.`,
}
const PIECES_REQUIRED = msg`Please choose at least one piece.`
const NOTE_REQUIRED = msg`Please tell us more about the reason.`

/**
 * The shopper's request of an exchange or return (§9): the pieces with how many of each (and for an exchange the
 * size wanted), the kind, a reason from the list and a note. The server checks everything; its answer is shown
 * per field, in the page's language, and announced.
 */
export function ReturnRequestForm({ order }: { order: Order }) {
  const { t, i18n } = useLingui()
  const locale = useLocale()
  const queryClient = useQueryClient()
  const id = useId()
  const formRef = useRef<HTMLFormElement>(null)
  const [kind, setKind] = useState<'exchange' | 'return'>('return')
  const [reason, setReason] = useState<ReturnReason | ''>('')
  const [note, setNote] = useState('')
  const [choices, setChoices] = useState<Record<number, Choice>>({})
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [problem, setProblem] = useState<string | null>(null)
  const [sent, setSent] = useState(false)
  const [busy, whileBusy] = usePending()
  /** Set when the server refused: the first field in error gets the focus once it is drawn. */
  const [refusals, setRefusals] = useState(0)

  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [refusals])

  const choiceOf = (piece: Piece): Choice =>
    choices[piece.position] ?? { chosen: false, quantity: 1, exchangeSize: piece.size }
  /** A field the shopper changes loses its error (the server judges it again at the next send). */
  const clear = (...keys: string[]) =>
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !keys.includes(key))))
  const update = (piece: Piece, change: Partial<Choice>) => {
    setChoices((current) => ({ ...current, [piece.position]: { ...choiceOf(piece), ...change } }))
    clear('items', `piece.${piece.position}`)
  }

  const errorText = (code: string | undefined): string | null => {
    if (!code) return null
    if (isPieceRefusal(code)) return i18n._(PIECE_REFUSAL_LABELS[code])
    return i18n._(FIELD_MESSAGES[code] ?? FIELD_MESSAGES.invalid ?? msg`THIS FIELD IS NOT VALID.`)
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const chosen = order.items.filter((piece) => piece.returnable.reason === null && choiceOf(piece).chosen)
    setSent(false)
    setProblem(null)
    await whileBusy(async () => {
      try {
        const result = await requestReturn({
          data: {
            number: order.number,
            lang: locale,
            kind,
            reason: reason || null,
            note: note.trim() || null,
            items: chosen.map((piece) => {
              const choice = choiceOf(piece)
              return {
                position: piece.position,
                quantity: Math.min(choice.quantity, piece.returnable.quantity),
                exchangeSize: kind === 'exchange' ? choice.exchangeSize : null,
              }
            }),
          },
        })
        if (result.ok) {
          setErrors({})
          setChoices({})
          setReason('')
          setNote('')
          setSent(true)
          queryClient.setQueryData(orderQuery(order.number, locale).queryKey, result.order)
          return
        }
        // Field codes name the pieces by their place in the request: they are shown at the piece itself.
        const shown: Record<string, string> = {}
        for (const [key, code] of Object.entries(result.fields ?? {})) {
          const piece = /^items\.(\d+)(?:\.(\w+))?$/.exec(key)
          const position = piece ? chosen[Number(piece[1])]?.position : undefined
          if (piece && position !== undefined) shown[`piece.${position}`] ??= code
          else shown[key] = code
        }
        setErrors(shown)
        const refusal = shown.order
        setProblem(
          refusal && isReturnRefusal(refusal)
            ? i18n._(RETURN_REFUSAL_LABELS[refusal])
            : t`The request could not be sent. Please check the marked fields.`,
        )
        setRefusals((count) => count + 1)
      } catch {
        setProblem(t`SOMETHING WRONG! PLEASE TRY AGAIN`)
      }
    })
  }

  const sentMessage = sent ? (
    <p className="form-success" role="status">
      <Trans>Your request was sent. We will contact you about the next steps.</Trans>
    </p>
  ) : null
  // Every piece asked for: no form any more, only the word that the last request went through.
  if (order.returnWindow.until === null) return sentMessage

  const piecesError = errors.items === 'required' ? i18n._(PIECES_REQUIRED) : errorText(errors.items)
  const reasonError = errorText(errors.reason)
  const noteError = errors.note === 'required' ? i18n._(NOTE_REQUIRED) : errorText(errors.note)
  const noteMax = RETURN_NOTE_MAX

  return (
    <form
      ref={formRef}
      className="account-form return-form"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={submit}
    >
      <h3 id={`${id}-title`}>
        <Trans>Ask for an exchange or return</Trans>
      </h3>
      {problem ? (
        <p className="form-alert" role="alert">
          {problem}
        </p>
      ) : null}
      {sentMessage}

      <fieldset
        className="choice-list return-form__pieces"
        aria-describedby={piecesError ? `${id}-pieces-error` : undefined}
      >
        <legend>
          <Trans>Which pieces?</Trans>
        </legend>
        {order.items.map((piece) => {
          const choice = choiceOf(piece)
          const eligible = piece.returnable.reason === null
          const refusal = piece.returnable.reason
          const pieceId = `${id}-piece-${piece.position}`
          const name = piece.name
          const pieceError = errorText(errors[`piece.${piece.position}`])
          const size = piece.size === 'OS' ? t`One size` : piece.size
          const described = [refusal ? `${pieceId}-why` : null, pieceError ? `${pieceId}-error` : null]
            .filter(Boolean)
            .join(' ')
          return (
            <div key={piece.position} className="return-piece">
              <div className="field field--check">
                <input
                  id={pieceId}
                  type="checkbox"
                  checked={eligible && choice.chosen}
                  disabled={!eligible}
                  aria-invalid={pieceError ? true : undefined}
                  aria-describedby={described || undefined}
                  onChange={(event) => update(piece, { chosen: event.target.checked })}
                />
                <label htmlFor={pieceId}>
                  {name} <span className="account-muted">{t`Size ${size}`}</span>
                </label>
              </div>
              {refusal ? (
                <p id={`${pieceId}-why`} className="account-muted return-piece__why">
                  {isPieceRefusal(refusal) ? i18n._(PIECE_REFUSAL_LABELS[refusal]) : refusal}
                </p>
              ) : null}
              {eligible && choice.chosen ? (
                <div className="return-piece__details">
                  {piece.returnable.quantity > 1 ? (
                    <div className="field">
                      <label htmlFor={`${pieceId}-quantity`}>{t`Quantity of ${name}`}</label>
                      <select
                        id={`${pieceId}-quantity`}
                        value={choice.quantity}
                        onChange={(event) => update(piece, { quantity: Number(event.target.value) })}
                      >
                        {Array.from({ length: piece.returnable.quantity }, (_, index) => (
                          <option key={index + 1} value={index + 1}>
                            {index + 1}
                          </option>
                        ))}
                      </select>
                    </div>
                  ) : null}
                  {kind === 'exchange' && piece.exchangeSizes.length > 1 ? (
                    <div className="field">
                      <label htmlFor={`${pieceId}-size`}>{t`Size wanted for ${name}`}</label>
                      <select
                        id={`${pieceId}-size`}
                        value={choice.exchangeSize}
                        onChange={(event) => update(piece, { exchangeSize: event.target.value })}
                      >
                        {piece.exchangeSizes.map((option) => (
                          <option key={option} value={option}>
                            {option === 'OS' ? t`One size` : option}
                          </option>
                        ))}
                      </select>
                    </div>
                  ) : null}
                </div>
              ) : null}
              {pieceError ? (
                <p id={`${pieceId}-error`} className="field-error" role="alert">
                  {pieceError}
                </p>
              ) : null}
            </div>
          )
        })}
        {piecesError ? (
          <p id={`${id}-pieces-error`} className="field-error" role="alert">
            {piecesError}
          </p>
        ) : null}
      </fieldset>

      <fieldset className="choice-list">
        <legend>
          <Trans>Ask for</Trans>
        </legend>
        <label className="choice">
          <input type="radio" name={`${id}-kind`} checked={kind === 'return'} onChange={() => setKind('return')} />
          <span>
            <Trans>A return and refund</Trans>
          </span>
        </label>
        <label className="choice">
          <input type="radio" name={`${id}-kind`} checked={kind === 'exchange'} onChange={() => setKind('exchange')} />
          <span>
            <Trans>An exchange</Trans>
          </span>
        </label>
      </fieldset>

      <div className="field">
        <label htmlFor={`${id}-reason`}>
          <Trans>Reason</Trans>
          <span aria-hidden="true"> *</span>
        </label>
        <select
          id={`${id}-reason`}
          value={reason}
          required
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={reasonError ? `${id}-reason-error` : undefined}
          onChange={(event) => {
            const value = RETURN_REASONS.find((option) => option === event.target.value)
            setReason(value ?? '')
            clear('reason', 'note')
          }}
        >
          <option value="">{t`Choose a reason`}</option>
          {RETURN_REASONS.map((option) => (
            <option key={option} value={option}>
              {i18n._(RETURN_REASON_LABELS[option])}
            </option>
          ))}
        </select>
        {reasonError ? (
          <p id={`${id}-reason-error`} className="field-error" role="alert">
            {reasonError}
          </p>
        ) : null}
      </div>

      <div className="field">
        <label htmlFor={`${id}-note`}>
          {reason === 'other' ? <Trans>Tell us more</Trans> : <Trans>Tell us more (optional)</Trans>}
        </label>
        <textarea
          id={`${id}-note`}
          value={note}
          rows={3}
          maxLength={RETURN_NOTE_MAX}
          aria-invalid={noteError ? true : undefined}
          aria-describedby={noteError ? `${id}-note-error` : `${id}-note-hint`}
          onChange={(event) => {
            setNote(event.target.value)
            clear('note')
          }}
        />
        {noteError ? (
          <p id={`${id}-note-error`} className="field-error" role="alert">
            {noteError}
          </p>
        ) : (
          <p id={`${id}-note-hint`} className="field-hint">
            <Trans>Up to {noteMax} characters.</Trans>
          </p>
        )}
      </div>

      <button type="submit" className="button button--solid" disabled={busy} aria-busy={busy || undefined}>
        <Trans>Send the request</Trans>
      </button>
    </form>
  )
}
