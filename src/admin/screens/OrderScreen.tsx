import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi, Link, useRouteContext } from '@tanstack/react-router'
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { formatMoney } from '~/domain/money'
import { addOrderNote, cancelOrder, updateOrderAddress, type AdminOrder, type OrderAddressInput } from '../api'
import { adminKeys, orderQuery } from '../queries'
import { can } from '../session'
import {
  formatWhen,
  MAIL_LABELS,
  MAIL_STATE_LABELS,
  ORDER_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
  STAFF_ACTION_LABELS,
} from '../ui/order-labels'
import { useAdminTitle } from '../ui/title'
import { ErrorNotice } from './ErrorScreen'
import { OrderRefundsPanel } from './OrderRefunds'
import { MarkPaidPanel } from './MarkPaidPanel'
import { FulfilmentPanel } from './FulfilmentPanel'
import { ReturnPanel } from './ReturnPanel'
import { TableScroll } from '../ui/TableScroll'
import { isStepUpCancelled } from '../ui/StepUp'
import { useScreenStepUp } from '../manage/common'

const route = getRouteApi('/orders/$number')

function useWhen() {
  const { place } = useRouteContext({ from: '__root__' })
  return (iso: string) => formatWhen(iso, place.locale)
}

/** The order's changes ask for it again, and the lists and queues it is in. */
function useOrderChanged(number: string) {
  const queryClient = useQueryClient()
  return (order?: AdminOrder) => {
    if (order) queryClient.setQueryData(adminKeys.order(number), order)
    void queryClient.invalidateQueries({ queryKey: adminKeys.orders })
  }
}

function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  const id = useId()
  return (
    <section className="admin-card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  )
}

function Timeline({ order }: { order: AdminOrder }) {
  const { i18n, t } = useLingui()
  const when = useWhen()
  const label = (entry: AdminOrder['timeline'][number]): string => {
    switch (entry.kind) {
      case 'status': {
        const status = ORDER_STATUS_LABELS[entry.what as keyof typeof ORDER_STATUS_LABELS]
        return status ? i18n._(status) : entry.what
      }
      case 'email': {
        const mail = MAIL_LABELS[entry.what]
        return mail ? i18n._(mail) : entry.what
      }
      case 'note':
        return t`Note`
      default: {
        const action = STAFF_ACTION_LABELS[entry.what]
        return action ? i18n._(action) : entry.what
      }
    }
  }
  const detail = (entry: AdminOrder['timeline'][number]): string | null => {
    if (entry.kind === 'email') {
      const state = entry.detail ? MAIL_STATE_LABELS[entry.detail] : undefined
      return state ? i18n._(state) : entry.detail
    }
    return entry.detail
  }
  return (
    <ol className="admin-timeline">
      {order.timeline.map((entry, index) => (
        <li key={`${entry.at}-${index}`} className={`admin-timeline__entry admin-timeline__entry--${entry.kind}`}>
          <time dateTime={entry.at}>{when(entry.at)}</time>
          <span className="admin-timeline__what">{label(entry)}</span>
          {detail(entry) ? <span className="admin-timeline__detail">{detail(entry)}</span> : null}
          {entry.by ? <span className="admin-timeline__by">{entry.by}</span> : null}
        </li>
      ))}
    </ol>
  )
}

function NoteForm({ order }: { order: AdminOrder }) {
  const id = useId()
  const [text, setText] = useState('')
  const changed = useOrderChanged(order.number)
  const queryClient = useQueryClient()
  const add = useMutation({
    mutationFn: (body: string) => addOrderNote(order.number, body),
    onSuccess: () => {
      setText('')
      void queryClient.invalidateQueries({ queryKey: adminKeys.order(order.number) })
      changed()
    },
  })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (text.trim()) add.mutate(text)
  }
  return (
    <form className="admin-form" onSubmit={submit}>
      <div className="admin-field">
        <label htmlFor={`${id}-note`}>
          <Trans>Add a note (staff only)</Trans>
        </label>
        <textarea
          id={`${id}-note`}
          value={text}
          rows={3}
          maxLength={2000}
          required
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      {add.isError ? <ErrorNotice error={add.error} /> : null}
      <button type="submit" className="admin-button" disabled={add.isPending}>
        <Trans>Add note</Trans>
      </button>
    </form>
  )
}

/** Cancelling asks for a reason and a confirmation in a dialog (Escape or "Keep the order" leaves it). */
function CancelOrder({ order, onDone }: { order: AdminOrder; onDone: () => void }) {
  const id = useId()
  const dialog = useRef<HTMLDialogElement>(null)
  const opener = useRef<HTMLButtonElement>(null)
  const [reason, setReason] = useState('')
  const number = order.number
  const changed = useOrderChanged(order.number)
  const stepUp = useScreenStepUp()
  const cancel = useMutation({
    // A paid order's cancellation is a money action: the second factor again if it is older than 5 minutes.
    mutationFn: (text: string) =>
      order.status === 'paid' ? stepUp.run(() => cancelOrder(order.number, text)) : cancelOrder(order.number, text),
    onSuccess: (updated) => {
      dialog.current?.close()
      changed(updated)
      onDone()
    },
  })
  const close = () => {
    dialog.current?.close()
    cancel.reset()
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (reason.trim()) cancel.mutate(reason)
  }
  return (
    <>
      <button
        ref={opener}
        type="button"
        className="admin-button admin-button--danger"
        onClick={() => dialog.current?.showModal()}
      >
        <Trans>Cancel order</Trans>
      </button>
      <dialog
        ref={dialog}
        className="admin-dialog"
        aria-labelledby={`${id}-title`}
        onClose={() => opener.current?.focus()}
      >
        <form onSubmit={submit} className="admin-form">
          <h2 id={`${id}-title`}>
            <Trans>Cancel order {number}?</Trans>
          </h2>
          <p>
            <Trans>
              The pieces go back on sale and the customer gets an e-mail that the shop cancelled the order. This cannot
              be undone.
            </Trans>
          </p>
          <div className="admin-field">
            <label htmlFor={`${id}-reason`}>
              <Trans>Reason (staff only)</Trans>
            </label>
            <textarea
              id={`${id}-reason`}
              value={reason}
              rows={3}
              maxLength={500}
              required
              onChange={(event) => setReason(event.target.value)}
            />
          </div>
          {cancel.isError && !isStepUpCancelled(cancel.error) ? <ErrorNotice error={cancel.error} /> : null}
          <div className="admin-dialog__actions">
            <button type="submit" className="admin-button admin-button--danger" disabled={cancel.isPending}>
              <Trans>Cancel the order</Trans>
            </button>
            <button type="button" className="admin-button admin-button--quiet" onClick={close}>
              <Trans>Keep the order</Trans>
            </button>
          </div>
        </form>
      </dialog>
      {stepUp.dialog}
    </>
  )
}

const ADDRESS_FIELDS = [
  'firstname',
  'lastname',
  'telephone_number',
  'email',
  'address',
  'address2',
  'sub_district',
  'district',
  'province',
  'postcode',
  'country',
  'tax_id',
] as const satisfies ReadonlyArray<keyof OrderAddressInput>

function AddressForm({ order, onDone }: { order: AdminOrder; onDone: () => void }) {
  const { t } = useLingui()
  const id = useId()
  const changed = useOrderChanged(order.number)
  const labels: Record<(typeof ADDRESS_FIELDS)[number], string> = {
    firstname: t`First name`,
    lastname: t`Last name`,
    telephone_number: t`Telephone`,
    email: t`E-mail`,
    address: t`Address 1`,
    address2: t`Address 2`,
    sub_district: t`Sub-district`,
    district: t`District`,
    province: t`Province`,
    postcode: t`Postcode`,
    country: t`Country (2 letters)`,
    tax_id: t`Tax ID`,
  }
  const save = useMutation({
    mutationFn: (address: OrderAddressInput) => updateOrderAddress(order.number, address),
    onSuccess: (updated) => {
      changed(updated)
      onDone()
    },
  })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const value = (name: string) => {
      const entry = form.get(name)
      return typeof entry === 'string' ? entry : ''
    }
    save.mutate(Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, value(field)])) as OrderAddressInput)
  }
  return (
    <form className="admin-form admin-address-form" onSubmit={submit}>
      {ADDRESS_FIELDS.map((field) => (
        <div className="admin-field" key={field}>
          <label htmlFor={`${id}-${field}`}>{labels[field]}</label>
          <input
            id={`${id}-${field}`}
            name={field}
            defaultValue={order.address?.[field] ?? ''}
            autoComplete="off"
            required={field !== 'address2' && field !== 'tax_id' && field !== 'email'}
          />
        </div>
      ))}
      {save.isError ? <ErrorNotice error={save.error} /> : null}
      <div className="admin-dialog__actions">
        <button type="submit" className="admin-button" disabled={save.isPending}>
          <Trans>Save address</Trans>
        </button>
        <button type="button" className="admin-button admin-button--quiet" onClick={onDone}>
          <Trans>Keep the address</Trans>
        </button>
      </div>
    </form>
  )
}

function Address({ order, mayWrite }: { order: AdminOrder; mayWrite: boolean }) {
  const [editing, setEditing] = useState(false)
  const address = order.address
  const branch = order.store?.name ?? '—'
  if (editing) return <AddressForm order={order} onDone={() => setEditing(false)} />
  return (
    <>
      {address ? (
        <address className="admin-address">
          {address.firstname} {address.lastname}
          <br />
          {address.address}
          {address.address2 ? `, ${address.address2}` : ''}
          <br />
          {[address.sub_district, address.district, address.province, address.postcode].filter(Boolean).join(', ')}
          <br />
          {address.country} · {address.telephone_number}
        </address>
      ) : (
        <p>
          <Trans>Picked up at {branch}</Trans>
        </p>
      )}
      {mayWrite && order.allowed.edit_address ? (
        <button type="button" className="admin-button admin-button--quiet" onClick={() => setEditing(true)}>
          <Trans>Edit address</Trans>
        </button>
      ) : null}
    </>
  )
}

/** An order whole (issue 31 item 5): what was bought, by whom, where it goes, its money, parcels, returns and story. */
export function OrderScreen() {
  const { t, i18n } = useLingui()
  const { number } = route.useParams()
  useAdminTitle(t`Order ${number}`)
  const { me, place } = useRouteContext({ from: '__root__' })
  const order = useQuery(orderQuery(number))
  const [notice, setNotice] = useState<ReactNode>(null)
  const when = useWhen()
  if (order.isError) return <ErrorNotice error={order.error} />
  if (!order.data) {
    return (
      <p className="admin-empty">
        <Trans>Loading…</Trans>
      </p>
    )
  }
  const data = order.data
  const money = (amount: number) => formatMoney(amount, data.currency, place.locale)
  const placed = when(data.placed_at)
  const mayWrite = can(me, 'orders:write')
  return (
    <article aria-labelledby="admin-order-title" className="admin-order">
      <p>
        <Link to="/orders">
          <Trans>All orders</Trans>
        </Link>
      </p>
      <h1 id="admin-order-title">
        <Trans>Order {number}</Trans>
      </h1>
      <p className="admin-order__status">
        <span className={`admin-badge admin-badge--${data.status}`}>{i18n._(ORDER_STATUS_LABELS[data.status])}</span>{' '}
        <Trans>placed {placed}</Trans>
      </p>
      <div role="status" className="admin-order__notice">
        {notice}
      </div>
      {mayWrite && data.allowed.cancel ? (
        <CancelOrder order={data} onDone={() => setNotice(<Trans>The order is cancelled.</Trans>)} />
      ) : null}
      {can(me, 'payments:confirm') ? (
        <MarkPaidPanel order={data} onDone={() => setNotice(<Trans>The order is paid.</Trans>)} />
      ) : null}
      <FulfilmentPanel order={data} />

      <div className="admin-order__grid">
        <Section title={<Trans>Customer</Trans>}>
          <p>
            {data.customer.name}
            {data.customer.member ? ` · ${t`member`}` : ''}
            <br />
            <a href={`mailto:${data.customer.email}`}>{data.customer.email}</a>
            <br />
            <a href={`tel:${data.customer.telephone}`}>{data.customer.telephone}</a>
          </p>
        </Section>
        <Section title={<Trans>Delivery</Trans>}>
          <Address order={data} mayWrite={mayWrite} />
        </Section>
      </div>

      <Section title={<Trans>Pieces</Trans>}>
        <TableScroll label={t`Table of pieces`}>
          <table className="admin-lines">
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Piece</Trans>
                </th>
                <th scope="col">
                  <Trans>Size</Trans>
                </th>
                <th scope="col">
                  <Trans>Quantity</Trans>
                </th>
                <th scope="col">
                  <Trans>Amount</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.lines.map((line) => (
                <tr key={line.position}>
                  <td>
                    {line.name}
                    <br />
                    <small>{line.sku}</small>
                  </td>
                  <td>{line.size}</td>
                  <td>{line.quantity}</td>
                  <td>{money(line.line_total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
        <dl className="admin-totals">
          <dt>
            <Trans>Subtotal</Trans>
          </dt>
          <dd>{money(data.subtotal)}</dd>
          {data.discount > 0 ? (
            <>
              <dt>
                <Trans>Discount</Trans>
              </dt>
              <dd>−{money(data.discount)}</dd>
            </>
          ) : null}
          <dt>
            <Trans>Delivery</Trans>
          </dt>
          <dd>{money(data.shipping_fee)}</dd>
          <dt>
            <Trans>Total</Trans>
          </dt>
          <dd>
            <strong>{money(data.total)}</strong>
          </dd>
        </dl>
      </Section>

      <div className="admin-order__grid">
        <Section title={<Trans>Payments</Trans>}>
          {data.payments.length === 0 ? (
            <p>
              <Trans>No payment yet.</Trans>
            </p>
          ) : (
            <ul>
              {data.payments.map((payment, index) => (
                <li key={index}>
                  {i18n._(PAYMENT_METHOD_LABELS[payment.method])} · {i18n._(PAYMENT_STATUS_LABELS[payment.status])} ·{' '}
                  {money(payment.amount)} · {when(payment.updated_at)}
                  {payment.provider_ref ? ` · ${payment.provider_ref}` : ''}
                </li>
              ))}
            </ul>
          )}
          <OrderRefundsPanel order={data} onRefunded={setNotice} />
        </Section>
        <Section title={<Trans>Parcels</Trans>}>
          {data.parcels.length === 0 ? (
            <p>
              <Trans>No parcel yet.</Trans>
            </p>
          ) : (
            <ul>
              {data.parcels.map((parcel) => (
                <li key={`${parcel.carrier}-${parcel.tracking_number}`}>
                  {parcel.carrier_name} ·{' '}
                  {parcel.url ? (
                    <a href={parcel.url} rel="noreferrer" target="_blank">
                      {parcel.tracking_number}
                    </a>
                  ) : (
                    parcel.tracking_number
                  )}
                </li>
              ))}
            </ul>
          )}
        </Section>
        <Section title={<Trans>Returns</Trans>}>
          {data.returns.length === 0 ? (
            <p>
              <Trans>No return asked.</Trans>
            </p>
          ) : (
            <ul>
              {data.returns.map((request) => (
                <li key={request.id}>
                  {when(request.created_at)}
                  <ReturnPanel id={request.id} />
                </li>
              ))}
            </ul>
          )}
        </Section>
        <Section title={<Trans>Documents</Trans>}>
          {data.documents.length === 0 ? (
            <p>
              <Trans>No document issued.</Trans>
            </p>
          ) : (
            <ul>
              {data.documents.map((document) => {
                const invoice = document.number
                const issued = when(document.issued_at)
                return (
                  <li key={invoice}>
                    <Trans>
                      Tax invoice {invoice}, {issued}
                    </Trans>
                  </li>
                )
              })}
            </ul>
          )}
        </Section>
      </div>

      <Section title={<Trans>Timeline</Trans>}>
        <Timeline order={data} />
        {mayWrite ? <NoteForm order={data} /> : null}
      </Section>
    </article>
  )
}
