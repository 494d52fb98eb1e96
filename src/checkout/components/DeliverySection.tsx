import { Trans, useLingui } from '@lingui/react/macro'
import { useStore } from '@tanstack/react-form'
import { useId } from 'react'
import type { SavedAddress } from '~/account/address.functions'
import { AddressForm } from '~/account/components/AddressForm'
import type { Store } from '~/catalog/types'
import { CheckoutProblems, type CheckoutProblem } from '~/checkout/components/CheckoutProblems'
import { shippingReasonText } from '~/checkout/shipping-reasons'
import type { Quote } from '~/checkout/types'
import type { CheckoutForm } from '~/checkout/use-checkout-form'
import { PostalAddress } from '~/components/PostalAddress'
import { useCurrency, useLocale } from '~/i18n/use-locale'

/**
 * How the order travels: the courier (its price for this cart and address) to an address, saved or typed, or a
 * pick-up at a branch; the pieces that cannot go to that address, and the duties of an international order.
 */
export function DeliverySection({
  form,
  quoted,
  stores,
  saved,
  fieldProblems,
  problems,
  onFix,
  money,
}: {
  form: CheckoutForm
  quoted: Quote | null
  stores: readonly Store[]
  saved: readonly SavedAddress[]
  fieldProblems: Record<string, string>
  /** The pieces sent within Thailand only, when the address is abroad. */
  problems: readonly CheckoutProblem[]
  onFix: (lineId: string, quantity: number) => Promise<void>
  money: (amount: number) => string
}) {
  const { t, i18n } = useLingui()
  const locale = useLocale()
  const currency = useCurrency()
  const storeId = useId()
  const shipping = useStore(form.store, (state) => state.values.shipping)
  const editingAddress = useStore(form.store, (state) => state.values.editingAddress)
  const address = useStore(form.store, (state) => state.values.address)
  const addressTyped = useStore(form.store, (state) => state.values.addressTyped)
  /** A saved address chosen: it is the one, the form closes (what was typed stays for the next edit). */
  const choose = (entry: SavedAddress) => {
    form.setFieldValue('address', entry)
    form.setFieldValue('editingAddress', false)
  }

  return (
    <section className="checkout-section" aria-labelledby="delivery-title">
      <h2 id="delivery-title">
        <Trans>Delivery</Trans>
      </h2>
      <fieldset className="choice-list">
        <legend className="visually-hidden">{t`Shipping method`}</legend>
        <label className="choice">
          <input
            type="radio"
            name="shipping"
            checked={shipping === 'courier'}
            onChange={() => form.setFieldValue('shipping', 'courier')}
          />
          <span>
            <strong>
              <Trans>Courier</Trans>
            </strong>
            <br />
            <span className="account-muted">
              <Trans>3–7 working days (3–5 more when volume is high)</Trans>
            </span>
            {/* The courier's price for this cart and address (Thailand until one is chosen), and why (item 8). */}
            {quoted ? (
              <>
                <br />
                <span data-testid="courier-price">
                  {quoted.courier.fee === 0 ? t`Free` : money(quoted.courier.fee)}
                  {quoted.courier.assumedDomestic ? ` ${t`within Thailand`}` : null}
                </span>
                {quoted.courier.reason && quoted.courier.fee > 0 ? (
                  <>
                    <br />
                    <span className="account-muted" data-testid="courier-reason">
                      {shippingReasonText(i18n, quoted.courier.reason, currency, locale)}
                    </span>
                  </>
                ) : null}
              </>
            ) : null}
          </span>
        </label>
        <label className="choice">
          <input
            type="radio"
            name="shipping"
            checked={shipping === 'pickup'}
            onChange={() => form.setFieldValue('shipping', 'pickup')}
          />
          <span>
            <strong>
              <Trans>Pick up at a store</Trans>
            </strong>
            <br />
            <span className="account-muted">
              <Trans>Free, within Thailand</Trans>
            </span>
          </span>
        </label>
      </fieldset>

      {shipping === 'pickup' ? (
        <form.Field name="storeId">
          {(field) => (
            <div className="field">
              <label htmlFor={storeId}>
                <Trans>Branch</Trans> <span aria-hidden="true">*</span>
              </label>
              <select
                id={storeId}
                value={field.state.value}
                aria-invalid={fieldProblems.storeId ? true : undefined}
                onChange={(event) => field.handleChange(event.target.value)}
              >
                <option value="">{t`Choose a branch`}</option>
                {stores.map((store) => (
                  <option key={store.id} value={store.id}>
                    {store.name}
                  </option>
                ))}
              </select>
              {fieldProblems.storeId ? (
                <p className="field-error" role="alert">
                  {t`Please select a branch`}
                </p>
              ) : null}
            </div>
          )}
        </form.Field>
      ) : editingAddress ? (
        <>
          {saved.length > 0 ? (
            <fieldset className="choice-list">
              <legend>{t`Saved addresses`}</legend>
              {saved.map((entry) => (
                <label key={entry.id} className="choice">
                  <input type="radio" name="saved-address" onChange={() => choose(entry)} />
                  <span>
                    {entry.firstname} {entry.lastname}, {entry.address}, {entry.district} {entry.postcode}
                  </span>
                </label>
              ))}
            </fieldset>
          ) : null}
          <AddressForm
            initial={addressTyped ?? address ?? undefined}
            onValuesChange={(values) => form.setFieldValue('addressTyped', values)}
            submitLabel={<Trans>Use this address</Trans>}
            onSubmit={(values) => {
              form.setFieldValue('address', values)
              form.setFieldValue('addressTyped', null)
              form.setFieldValue('editingAddress', false)
              if (!form.getFieldValue('email')) form.setFieldValue('email', values.email)
              if (!form.getFieldValue('telephone')) form.setFieldValue('telephone', values.telephoneNumber)
              return Promise.resolve(null)
            }}
            onCancel={address ? () => form.setFieldValue('editingAddress', false) : undefined}
          />
        </>
      ) : address ? (
        <div className="account-card">
          <PostalAddress address={address} telephone={address.telephoneNumber} />
          <button type="button" className="link-button" onClick={() => form.setFieldValue('editingAddress', true)}>
            <Trans>Edit address</Trans>
          </button>
        </div>
      ) : null}
      {shipping === 'courier' && problems.length > 0 ? (
        <CheckoutProblems
          problems={problems}
          lead={t`These pieces are sent within Thailand only. Choose an address in Thailand, pick up in a store, or remove them:`}
          onFix={onFix}
        />
      ) : null}
      {quoted?.duty === 'unpaid' ? (
        <p className="account-muted">
          <Trans>International orders are sent duty-unpaid: the buyer pays the duties of the destination.</Trans>
        </p>
      ) : null}
    </section>
  )
}
