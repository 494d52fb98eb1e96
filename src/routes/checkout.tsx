import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link, redirect, useNavigate, useRouteContext } from '@tanstack/react-router'
import { Fragment, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react'
import { addressesQuery } from '~/account/address.functions'
import { majorUnits, track, useTrackOnce } from '~/analytics/datalayer'
import { AddressForm } from '~/account/components/AddressForm'
import { CaptchaField } from '~/account/components/LazyCaptchaField'
import type { AccountFailure, CaptchaPrompt } from '~/account/account-result'
import { ACCOUNT_MESSAGES } from '~/account/messages'
import { sessionQuery } from '~/account/session.functions'
import { cartQuery, removeCartLine, setCartQuantity } from '~/cart/cart.functions'
import { CART_MESSAGES } from '~/cart/messages'
import { storesQuery } from '~/catalog/catalog.queries'
import { placeOrder, quoteCheckout } from '~/checkout/checkout.functions'
import { discountLabel } from '~/checkout/discount-labels'
import { shippingReasonText } from '~/checkout/shipping-reasons'
import { CheckoutProblems, type CheckoutProblem } from '~/checkout/components/CheckoutProblems'
import { clearCheckoutDraft, readCheckoutDraft, sessionStore, writeCheckoutDraft } from '~/checkout/draft'
import { CHECKOUT_JOURNEY_PATHS, endCheckoutJourney, markCheckoutJourney } from '~/checkout/resume'
import { Modal } from '~/components/Modal'
import { PageHeading } from '~/components/PageHeading'
import { countryName } from '~/domain/countries'
import { formatMoney, MAX_AMOUNT } from '~/domain/money'
import { UNPAID_ORDERS_PER_CONNECTION, UNPAID_ORDERS_PER_CONTACT, UNPAID_UNITS_PER_SIZE } from '~/domain/unpaid-holds'
import type { AddressInput } from '~/domain/address-core'
import { useCurrency, useLocale } from '~/i18n/use-locale'
import { pageHead } from '~/seo/page-head'
import { internalPath } from '~/routing/links'

export const Route = createFileRoute('/checkout')({
  beforeLoad: ({ context }) => {
    const previous = context.previousPath()
    if (previous === null || !CHECKOUT_JOURNEY_PATHS.has(previous)) {
      throw redirect({ to: '/cart', replace: true })
    }
  },
  loader: async ({ context }) => {
    const { queryClient, boot } = context
    const [member] = await Promise.all([
      queryClient.ensureQueryData(sessionQuery()),
      queryClient.ensureQueryData(cartQuery(boot.locale, boot.region.ISOCurrencyCode)),
      queryClient.ensureQueryData(storesQuery(boot.locale)),
    ])
    if (member) await queryClient.ensureQueryData(addressesQuery())
  },
  staticData: { layout: 'checkout' },
  head: ({ match }) => pageHead(match.context.i18n, msg`Checkout`),
  component: CheckoutPage,
})

type Shipping = 'courier' | 'pickup'
type Payment = 'card' | 'paypal' | 'bank_transfer'
const PAYMENTS: readonly Payment[] = ['card', 'paypal', 'bank_transfer']

const noSubscription = () => () => {}

/**
 * The server renders checkout without the tab's draft (it cannot see sessionStorage); once hydrated, the form is
 * mounted again from the draft, so a reload brings back what was typed (issue 17).
 */
function CheckoutPage() {
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
  return <CheckoutForm key={hydrated ? 'draft' : 'server'} withDraft={hydrated} />
}

function CheckoutForm({ withDraft }: { withDraft: boolean }) {
  const { t, i18n } = useLingui()
  const locale = useLocale()
  const currency = useCurrency()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { data: cart } = useSuspenseQuery(cartQuery(locale, currency))
  const { data: member } = useSuspenseQuery(sessionQuery())
  const { data: stores } = useSuspenseQuery(storesQuery(locale))
  const saved = useQuery({ ...addressesQuery(), enabled: Boolean(member) }).data ?? []
  // PayPal is offered where it works: PayPal configured, or the demo's test payment page (docs/decisions/102).
  const paypalOffered = useRouteContext({ from: '__root__', select: (context) => context.boot.config.paypal })
  const ids = {
    email: useId(),
    telephone: useId(),
    code: useId(),
    store: useId(),
    paypalName: useId(),
    paypalNote: useId(),
  }

  const [draft] = useState(() => (withDraft ? readCheckoutDraft(sessionStore()) : null))
  const [guestChoice, setGuestChoice] = useState(draft?.guestChoice ?? false)
  // Once the shopper continues as a guest, focus goes to the first field (it fell to the body when the dialog closed).
  const emailRef = useRef<HTMLInputElement>(null)
  const focusContact = useRef(false)
  useEffect(() => {
    if (!guestChoice || !focusContact.current) return
    focusContact.current = false
    emailRef.current?.focus()
  }, [guestChoice])
  const continueAsGuest = () => {
    focusContact.current = true
    setGuestChoice(true)
  }
  const [email, setEmail] = useState(draft?.email || member?.email || '')
  const [telephone, setTelephone] = useState(draft?.telephone || member?.telephone || '')
  const [shipping, setShipping] = useState<Shipping>(draft?.shipping ?? 'courier')
  const [storeId, setStoreId] = useState(draft?.storeId ?? '')
  const initialAddress = draft?.address ?? saved.find((address) => address.isDefault) ?? saved[0] ?? null
  const [address, setAddress] = useState<AddressInput | null>(initialAddress)
  // What is typed in the address form before "Use this address": kept in the draft, so a trip to the cart and back
  // opens the form with it again instead of the member's saved address (issue 29, item 20).
  const [addressTyped, setAddressTyped] = useState<AddressInput | null>(draft?.addressTyped ?? null)
  const [editingAddress, setEditingAddress] = useState(initialAddress === null || addressTyped !== null)
  const [codeInput, setCodeInput] = useState(draft?.codeInput ?? '')
  const [code, setCode] = useState<string | null>(draft?.code ?? null)
  // A restored draft keeps PayPal only while PayPal is offered.
  const [payment, setPayment] = useState<Payment>(
    PAYMENTS.find((method) => method === draft?.payment && (method !== 'paypal' || paypalOffered)) ?? 'card',
  )
  const [problem, setProblem] = useState<string | null>(null)
  const [fieldProblems, setFieldProblems] = useState<Record<string, string>>({})
  const [pricesMoved, setPricesMoved] = useState(false)
  const [placing, setPlacing] = useState(false)
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID())
  /** The bot check the shop asks for when this connection already holds an unpaid order (issue 29), and its solution. */
  const [captchaPrompt, setCaptchaPrompt] = useState<CaptchaPrompt | null>(null)
  const [captcha, setCaptcha] = useState<string | null>(null)

  const secureCookies = useRouteContext({ from: '__root__', select: (context) => context.boot.config.secureCookies })
  // In checkout: a reload stays here (§4's guard still sends a typed /checkout to the cart).
  useEffect(() => markCheckoutJourney(secureCookies), [secureCookies])
  useEffect(() => {
    if (!withDraft) return
    writeCheckoutDraft(sessionStore(), {
      email,
      telephone,
      shipping,
      storeId,
      address: editingAddress ? null : address,
      addressTyped: editingAddress ? addressTyped : null,
      codeInput,
      code,
      payment,
      guestChoice,
    })
  }, [
    withDraft,
    email,
    telephone,
    shipping,
    storeId,
    address,
    addressTyped,
    editingAddress,
    codeInput,
    code,
    payment,
    guestChoice,
  ])

  // No destination until an address is confirmed: the summary then names no delivery fee it cannot promise.
  const country = shipping === 'courier' ? (address && !editingAddress ? address.country : null) : 'TH'
  const quote = useQuery({
    queryKey: ['checkout', 'quote', locale, currency, country, shipping, code],
    queryFn: () =>
      quoteCheckout({ data: { lang: locale, currency, country, shippingMethod: shipping, promotionCode: code } }),
    staleTime: 0,
  })
  const quoted = quote.data?.ok ? quote.data.quote : null
  const checkoutCart = cart.id
  useTrackOnce(checkoutCart, 'begin_checkout', () => ({
    ecommerce: {
      currency: cart.currency.toUpperCase(),
      value: majorUnits(cart.subtotal),
      items: cart.items.map((line) => ({
        item_id: line.productId,
        item_name: line.name,
        item_variant: line.size,
        price: majorUnits(line.unitPrice),
        quantity: line.quantity,
      })),
    },
  }))
  const [codeProblem, setCodeProblem] = useState<string | null>(null)
  const [checkingCode, setCheckingCode] = useState(false)

  /** Why a code does not apply, in words (the pricing engine's and the member codes' reasons). */
  function codeMessage(reason: string | undefined): string {
    switch (reason) {
      case 'minimum':
        return t`This code needs a purchase of 1,000 THB or more (sale items do not count).`
      case 'noEligibleItems':
        return t`This code does not apply to sale or club items.`
      case 'currency':
        return t`This code can only be used for purchases in THB.`
      case 'used':
        return t`This code has already been used.`
      case 'expired':
        return t`This code has expired.`
      case 'monthlyCap':
        return t`This month’s member discount of 2,000 THB is used up.`
      default:
        return t`This code is not valid.`
    }
  }

  async function applyCode(entered: string) {
    const candidate = entered.trim().toUpperCase()
    setCodeProblem(null)
    if (!candidate) {
      setCode(null)
      return
    }
    setCheckingCode(true)
    try {
      const result = await quoteCheckout({
        data: { lang: locale, currency, country, shippingMethod: shipping, promotionCode: candidate },
      })
      if (!result.ok) {
        setCodeProblem(codeMessage(result.fields?.promotionCode))
        return
      }
      if (result.quote.promotionRejected) {
        setCodeProblem(codeMessage(result.quote.promotionRejected.reason))
        return
      }
      setCode(candidate)
    } finally {
      setCheckingCode(false)
    }
  }

  if (cart.items.length === 0 || cart.purchased) {
    return (
      <div className="checkout-page">
        <PageHeading>{<Trans>Checkout</Trans>}</PageHeading>
        <p>{cart.purchased ? i18n._(CART_MESSAGES.purchased) : <Trans>Your cart is empty.</Trans>}</p>
        <Link className="button button--solid" to="/product">
          <Trans>Shop more</Trans>
        </Link>
      </div>
    )
  }

  const money = (amount: number) => formatMoney(amount, currency, locale)
  const problems: CheckoutProblem[] = (quoted?.blocked ?? []).map((block) => ({
    ...block,
    lineId: 'sku' in block ? (cart.items.find((line) => line.sku === block.sku)?.id ?? null) : null,
  }))
  const deliveryProblems = problems.filter((problem) => problem.reason === 'shoesInternational')
  const pieceProblems = problems.filter(
    (problem) => problem.reason === 'outOfStock' || problem.reason === 'regionMismatch',
  )
  const blockedId = 'checkout-blocked'

  /** A piece taken out of the cart (or down to what is left) from checkout: the cart and the quote are read again. */
  async function fixLine(lineId: string, quantity: number) {
    setProblem(null)
    const where = { lang: locale, currency, id: lineId }
    try {
      const result =
        quantity === 0 ? await removeCartLine({ data: where }) : await setCartQuantity({ data: { ...where, quantity } })
      if (!result.ok) setProblem(i18n._(ACCOUNT_MESSAGES.somethingWrong))
    } catch {
      setProblem(i18n._(ACCOUNT_MESSAGES.somethingWrong))
    }
    await queryClient.invalidateQueries({ queryKey: ['cart'] })
    await queryClient.invalidateQueries({ queryKey: ['checkout', 'quote'] })
  }

  /**
   * The refusals of issue 29 in words: the bot check asked for, the limits on unpaid orders (numbers from the
   * domain), and a total above the largest order.
   */
  function limitMessage(result: AccountFailure): string | null {
    switch (result.reason) {
      case 'CAPTCHA_REQUIRED':
        return t`You already have an unpaid order. Please wait for the robot check below to finish, then place the order again.`
      case 'CAPTCHA_INCORRECT':
        return t`The robot check was not passed. Please wait for the new check below to finish, then place the order again.`
      case 'CAPTCHA_UNAVAILABLE':
        return t`The robot check could not be reached. Please try again in a moment.`
      case 'CART_TOO_LARGE': {
        const largest = money(MAX_AMOUNT)
        return t`The total is above the largest order we can take (${largest}). Please remove some pieces.`
      }
      case 'UNPAID_LIMIT': {
        const unpaid = result.fields?.unpaid
        if (unpaid === 'units') {
          const units = UNPAID_UNITS_PER_SIZE
          return t`Your unpaid orders already hold this size: at most ${units} pieces of one size can wait for payment. Please pay for or cancel those orders first.`
        }
        const orders = unpaid === 'contact' ? UNPAID_ORDERS_PER_CONTACT : UNPAID_ORDERS_PER_CONNECTION
        return unpaid === 'contact'
          ? t`This e-mail or telephone already has ${orders} unpaid orders. Please pay for or cancel one of them before placing another.`
          : t`You already have ${orders} unpaid orders. Please pay for or cancel one of them before placing another.`
      }
      default:
        return null
    }
  }

  async function submit() {
    setProblem(null)
    setFieldProblems({})
    if (shipping === 'courier' && (!address || editingAddress)) {
      setProblem(i18n._(ACCOUNT_MESSAGES.enterAddress))
      return
    }
    if (shipping === 'pickup' && !storeId) {
      setFieldProblems({ storeId: 'required' })
      setProblem(t`Please select a branch`)
      return
    }
    if (!email.trim() || !telephone.trim()) {
      setFieldProblems({
        ...(email.trim() ? {} : { email: 'required' }),
        ...(telephone.trim() ? {} : { telephone: 'required' }),
      })
      setProblem(i18n._(ACCOUNT_MESSAGES.completeInformation))
      return
    }
    setPlacing(true)
    const value = { currency: currency.toUpperCase(), value: majorUnits(quoted?.total ?? cart.subtotal) }
    track('add_shipping_info', { ecommerce: { ...value, shipping_tier: shipping } })
    track('add_payment_info', { ecommerce: { ...value, payment_type: payment } })
    try {
      const result = await placeOrder({
        data: {
          lang: locale,
          currency,
          idempotencyKey,
          email,
          telephone,
          shippingMethod: shipping,
          storeId: shipping === 'pickup' ? storeId : null,
          address: shipping === 'courier' ? address : null,
          promotionCode: code,
          paymentMethod: payment,
          // A total above the largest order is not sent back (the server refuses the order: CART_TOO_LARGE).
          expectedTotal: quoted && quoted.total <= MAX_AMOUNT ? quoted.total : null,
          ...(captcha ? { captcha } : {}),
        },
      })
      if (!result.ok) {
        setIdempotencyKey(crypto.randomUUID())
        setCaptcha(null)
        setCaptchaPrompt(result.captcha ?? null)
        if (result.reason === 'PRICES_CHANGED') {
          setPricesMoved(true)
          await queryClient.invalidateQueries({ queryKey: ['checkout', 'quote'] })
          return
        }
        setFieldProblems(result.fields ?? {})
        setProblem(
          limitMessage(result) ??
            (result.reason === 'OUT_OF_STOCK'
              ? i18n._(CART_MESSAGES.outOfStock)
              : result.reason === 'REGION_MISMATCH'
                ? i18n._(CART_MESSAGES.invalidRegion)
                : result.reason === 'CART_BLOCKED'
                  ? t`Some pieces cannot be sent to this address (shoes ship within Thailand only).`
                  : result.reason === 'PAYMENT_UNAVAILABLE'
                    ? t`PayPal is not available at the moment. Please choose another payment method.`
                    : result.reason === 'INVALID_INPUT'
                      ? i18n._(ACCOUNT_MESSAGES.completeInformation)
                      : i18n._(ACCOUNT_MESSAGES.somethingWrong)),
        )
        return
      }
      // Placed: the draft and the checkout journey end here (a new order starts from the cart again).
      clearCheckoutDraft(sessionStore())
      endCheckoutJourney(secureCookies)
      await queryClient.invalidateQueries({ queryKey: ['cart'] })
      if (result.redirectUrl) {
        window.location.assign(result.redirectUrl)
        return
      }
      await navigate({ to: '/order/$number', params: { number: result.number } })
    } finally {
      setPlacing(false)
    }
  }

  return (
    <div className="checkout-page">
      <PageHeading lead={<Trans>Delivery, payment and a last look at your order.</Trans>}>
        <Trans>Checkout</Trans>
      </PageHeading>

      <Modal open={!member && !guestChoice} onClose={continueAsGuest} title={<Trans>Please log in</Trans>}>
        <p>
          <Trans>Members check out faster with saved addresses, and collect VIP benefits.</Trans>
        </p>
        <div className="form-actions">
          <Link
            className="button button--solid"
            to="/account/login"
            search={{ redirect: internalPath({ to: '/cart' }) }}
          >
            <Trans>Log in</Trans>
          </Link>
          <button type="button" className="button" onClick={continueAsGuest}>
            <Trans>Continue as guest</Trans>
          </button>
        </div>
      </Modal>

      <Modal open={pricesMoved} onClose={() => setPricesMoved(false)} title={<Trans>Prices have changed</Trans>}>
        <p>{i18n._(CART_MESSAGES.pricesNotCurrent)}</p>
        <p>
          <Trans>Please check the new total before you place the order.</Trans>
        </p>
        <button type="button" className="button button--solid" onClick={() => setPricesMoved(false)}>
          <Trans>Review the order</Trans>
        </button>
      </Modal>

      <div className="checkout-layout">
        <div>
          <section className="checkout-section" aria-labelledby="contact-title">
            <h2 id="contact-title">
              <Trans>Contact</Trans>
            </h2>
            <div className="field">
              <label htmlFor={ids.email}>
                <Trans>E-mail</Trans> <span aria-hidden="true">*</span>
              </label>
              <input
                ref={emailRef}
                id={ids.email}
                type="email"
                autoComplete="email"
                value={email}
                aria-invalid={fieldProblems.email ? true : undefined}
                onChange={(event) => setEmail(event.target.value)}
              />
            </div>
            <div className="field">
              <label htmlFor={ids.telephone}>
                <Trans>Telephone</Trans> <span aria-hidden="true">*</span>
              </label>
              <input
                id={ids.telephone}
                type="tel"
                autoComplete="tel"
                value={telephone}
                aria-invalid={fieldProblems.telephone ? true : undefined}
                onChange={(event) => setTelephone(event.target.value)}
              />
            </div>
          </section>

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
                  onChange={() => setShipping('courier')}
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
                  onChange={() => setShipping('pickup')}
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
              <div className="field">
                <label htmlFor={ids.store}>
                  <Trans>Branch</Trans> <span aria-hidden="true">*</span>
                </label>
                <select
                  id={ids.store}
                  value={storeId}
                  aria-invalid={fieldProblems.storeId ? true : undefined}
                  onChange={(event) => setStoreId(event.target.value)}
                >
                  <option value="">{t`Choose a branch`}</option>
                  {stores.items.map((store) => (
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
            ) : editingAddress ? (
              <>
                {saved.length > 0 ? (
                  <fieldset className="choice-list">
                    <legend>{t`Saved addresses`}</legend>
                    {saved.map((entry) => (
                      <label key={entry.id} className="choice">
                        <input
                          type="radio"
                          name="saved-address"
                          onChange={() => {
                            setAddress(entry)
                            setEditingAddress(false)
                          }}
                        />
                        <span>
                          {entry.firstname} {entry.lastname}, {entry.address}, {entry.district} {entry.postcode}
                        </span>
                      </label>
                    ))}
                  </fieldset>
                ) : null}
                <AddressForm
                  initial={addressTyped ?? address ?? undefined}
                  onValuesChange={setAddressTyped}
                  submitLabel={<Trans>Use this address</Trans>}
                  onSubmit={(values) => {
                    setAddress(values)
                    setAddressTyped(null)
                    setEditingAddress(false)
                    if (!email) setEmail(values.email)
                    if (!telephone) setTelephone(values.telephoneNumber)
                    return Promise.resolve(null)
                  }}
                  onCancel={address ? () => setEditingAddress(false) : undefined}
                />
              </>
            ) : address ? (
              <div className="account-card">
                <address className="account-address">
                  {address.firstname} {address.lastname}
                  <br />
                  {address.address}
                  {address.address2 ? `, ${address.address2}` : ''}
                  <br />
                  {[address.subDistrict, address.district, address.province, address.postcode]
                    .filter(Boolean)
                    .join(', ')}
                  <br />
                  {countryName(address.country, locale)} · {address.telephoneNumber}
                </address>
                <button type="button" className="link-button" onClick={() => setEditingAddress(true)}>
                  <Trans>Edit address</Trans>
                </button>
              </div>
            ) : null}
            {shipping === 'courier' && deliveryProblems.length > 0 ? (
              <CheckoutProblems
                problems={deliveryProblems}
                lead={t`These pieces are sent within Thailand only. Choose an address in Thailand, pick up in a store, or remove them:`}
                onFix={fixLine}
              />
            ) : null}
            {quoted?.duty === 'unpaid' ? (
              <p className="account-muted">
                <Trans>International orders are sent duty-unpaid: the buyer pays the duties of the destination.</Trans>
              </p>
            ) : null}
          </section>

          <section className="checkout-section" aria-labelledby="payment-title">
            <h2 id="payment-title">
              <Trans>Payment</Trans>
            </h2>
            <fieldset className="choice-list">
              <legend className="visually-hidden">{t`Payment method`}</legend>
              <label className="choice">
                <input type="radio" name="payment" checked={payment === 'card'} onChange={() => setPayment('card')} />
                <span>
                  <Trans>Card (Visa, Mastercard)</Trans>
                </span>
              </label>
              <label className="choice">
                <input
                  type="radio"
                  name="payment"
                  checked={payment === 'bank_transfer'}
                  onChange={() => setPayment('bank_transfer')}
                />
                <span>
                  <Trans>Bank transfer or PromptPay</Trans>
                </span>
              </label>
              {paypalOffered ? (
                <label className="choice">
                  <input
                    type="radio"
                    name="payment"
                    checked={payment === 'paypal'}
                    aria-labelledby={ids.paypalName}
                    aria-describedby={ids.paypalNote}
                    onChange={() => setPayment('paypal')}
                  />
                  <span>
                    <strong id={ids.paypalName}>
                      <Trans>PayPal</Trans>
                    </strong>
                    <br />
                    <span className="account-muted" id={ids.paypalNote}>
                      <Trans>You will be taken to PayPal to pay, then back to your order.</Trans>
                    </span>
                  </span>
                </label>
              ) : null}
            </fieldset>
          </section>
        </div>

        <aside className="cart-summary" aria-labelledby="order-summary">
          <h2 id="order-summary">
            <Trans>Your order</Trans>
          </h2>
          <ul className="account-links">
            {cart.items.map((line) => (
              <li key={line.id}>
                {line.name} · {line.size} × {line.quantity}
              </li>
            ))}
          </ul>
          {pieceProblems.length > 0 ? (
            <CheckoutProblems problems={pieceProblems} lead={t`Before you can order:`} onFix={fixLine} />
          ) : null}
          <form
            className="form-actions"
            onSubmit={(event) => {
              event.preventDefault()
              void applyCode(codeInput)
            }}
          >
            <label htmlFor={ids.code} className="visually-hidden">
              {t`Discount code`}
            </label>
            <input
              id={ids.code}
              className="promo-input"
              placeholder={t`Discount code`}
              value={codeInput}
              onChange={(event) => setCodeInput(event.target.value)}
            />
            <button type="submit" className="button" disabled={checkingCode} aria-busy={checkingCode || undefined}>
              <Trans>Apply</Trans>
            </button>
          </form>
          <p className="account-muted">
            <Trans>Codes are valid for purchases of 1,000 THB or more, not for sale items.</Trans>
          </p>
          {codeProblem ? (
            <p className="field-error" role="alert">
              {codeProblem}
            </p>
          ) : quoted?.promotionRejected ? (
            <p className="field-error" role="alert">
              {codeMessage(quoted.promotionRejected.reason)}
            </p>
          ) : null}
          {quoted ? (
            <dl aria-live="polite">
              <dt>
                <Trans>Subtotal</Trans>
              </dt>
              <dd>{money(quoted.subtotal)}</dd>
              {/* Each discount on its own line, named as the order will keep it (issue 29 item 7). */}
              {quoted.discounts.map((discount) => (
                <Fragment key={discount.kind}>
                  <dt>{discountLabel(i18n, discount)}</dt>
                  <dd data-testid={discount.kind === 'mix_match' ? 'mix-match-discount' : 'discount'}>
                    −{money(discount.amount)}
                  </dd>
                </Fragment>
              ))}
              <dt>
                <Trans>Shipping fee</Trans>
              </dt>
              <dd data-testid="shipping-fee">
                {country === null
                  ? t`Worked out from the address`
                  : quoted.shippingFee === 0
                    ? t`Free`
                    : money(quoted.shippingFee)}
              </dd>
              {quoted.shippingReason && quoted.shippingFee > 0 ? (
                <dd className="account-muted" data-testid="shipping-reason">
                  {shippingReasonText(i18n, quoted.shippingReason, currency, locale)}
                </dd>
              ) : null}
              <dt className="summary-total">
                <Trans>Net</Trans>
              </dt>
              <dd className="summary-total" data-testid="net">
                {money(quoted.total)}
              </dd>
              {quoted.duty === 'unpaid' ? (
                <>
                  <dt>
                    <Trans>Duties and import taxes</Trans>
                  </dt>
                  <dd data-testid="duties">{t`Paid by the buyer on delivery`}</dd>
                </>
              ) : (
                <>
                  <dt>
                    <Trans>Including VAT</Trans>
                  </dt>
                  <dd data-testid="vat">{money(quoted.vatIncluded)}</dd>
                </>
              )}
            </dl>
          ) : (
            <p className="account-muted">
              <Trans>Working out the total…</Trans>
            </p>
          )}
          {problem ? (
            <p className="form-alert" role="alert">
              {problem}
            </p>
          ) : null}
          {captchaPrompt ? <CaptchaField prompt={captchaPrompt} onSolved={setCaptcha} /> : null}
          {problems.length > 0 ? (
            <p className="field-error" id={blockedId}>
              <Trans>The order cannot be placed until the points marked above are settled.</Trans>
            </p>
          ) : null}
          <button
            type="button"
            className="button button--solid button--wide"
            disabled={placing || !quoted || problems.length > 0 || (captchaPrompt !== null && captcha === null)}
            aria-busy={placing || undefined}
            aria-describedby={problems.length > 0 ? blockedId : undefined}
            onClick={() => void submit()}
          >
            <Trans>Place order</Trans>
          </button>
          <Link className="button button--wide" to="/product">
            <Trans>Shop more</Trans>
          </Link>
        </aside>
      </div>
    </div>
  )
}
