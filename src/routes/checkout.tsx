import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link, redirect, useRouteContext } from '@tanstack/react-router'
import { useEffect, useSyncExternalStore } from 'react'
import { addressesQuery } from '~/account/address.functions'
import { sessionQuery } from '~/account/session.functions'
import { cartQuery } from '~/cart/cart.functions'
import { CART_MESSAGES } from '~/cart/messages'
import { storesQuery } from '~/catalog/catalog.queries'
import { quoteQuery } from '~/checkout/checkout.queries'
import { CheckoutDialogs } from '~/checkout/components/CheckoutDialogs'
import { ContactSection } from '~/checkout/components/ContactSection'
import { DeliverySection } from '~/checkout/components/DeliverySection'
import { OrderSummary } from '~/checkout/components/OrderSummary'
import { PaymentSection } from '~/checkout/components/PaymentSection'
import { PlaceOrder } from '~/checkout/components/PlaceOrder'
import { CHECKOUT_JOURNEY_PATHS, markCheckoutJourney } from '~/checkout/resume'
import { useCheckoutForm, useGuestChoice } from '~/checkout/use-checkout-form'
import { checkoutProblems, useCheckoutOrder } from '~/checkout/use-checkout-order'
import { PageHeading } from '~/components/PageHeading'
import { useCurrency, useLocale } from '~/i18n/use-locale'
import { pageHead } from '~/seo/page-head'

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
  return <Checkout key={hydrated ? 'draft' : 'server'} withDraft={hydrated} />
}

function Checkout({ withDraft }: { withDraft: boolean }) {
  const { i18n } = useLingui()
  const locale = useLocale()
  const currency = useCurrency()
  const { data: cart } = useSuspenseQuery(cartQuery(locale, currency))
  const { data: member } = useSuspenseQuery(sessionQuery())
  const { data: stores } = useSuspenseQuery(storesQuery(locale))
  const saved = useQuery({ ...addressesQuery(), enabled: Boolean(member) }).data ?? []
  // PayPal is offered where it works: PayPal configured, or the demo's test payment page (docs/decisions/102).
  const paypalOffered = useRouteContext({ from: '__root__', select: (context) => context.boot.config.paypal })
  const secureCookies = useRouteContext({ from: '__root__', select: (context) => context.boot.config.secureCookies })
  // In checkout: a reload stays here (§4's guard still sends a typed /checkout to the cart).
  useEffect(() => markCheckoutJourney(secureCookies), [secureCookies])
  const order = useCheckoutOrder({ cart, lang: locale, currency, secureCookies })
  const { form, values, placing } = useCheckoutForm(withDraft, { member, saved, paypalOffered }, order.place)

  const { emailRef, continueAsGuest } = useGuestChoice(form)

  // No destination until an address is confirmed: the summary then names no delivery fee it cannot promise.
  const { shipping, address, editingAddress } = values
  const country = shipping === 'courier' ? (address && !editingAddress ? address.country : null) : 'TH'
  const quoteInput = { lang: locale, currency, country, shippingMethod: shipping }
  const quote = useQuery(quoteQuery({ ...quoteInput, promotionCode: values.code }))
  const quoted = quote.data?.ok ? quote.data.quote : null

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

  const problems = checkoutProblems(quoted, cart.items)
  const { fieldProblems, fixLine, money } = order

  return (
    <div className="checkout-page">
      <PageHeading lead={<Trans>Delivery, payment and a last look at your order.</Trans>}>
        <Trans>Checkout</Trans>
      </PageHeading>
      <CheckoutDialogs
        askToLogIn={!member && !values.guestChoice}
        onGuest={continueAsGuest}
        pricesMoved={order.pricesMoved}
        onReview={order.reviewPrices}
      />
      <div className="checkout-layout">
        <div>
          <ContactSection form={form} fieldProblems={fieldProblems} emailRef={emailRef} />
          <DeliverySection
            form={form}
            {...{ quoted, saved, fieldProblems, money }}
            stores={stores.items}
            problems={problems.filter((problem) => problem.reason === 'shoesInternational')}
            onFix={fixLine}
          />
          <PaymentSection form={form} paypalOffered={paypalOffered} />
        </div>
        <OrderSummary
          form={form}
          {...{ quoteInput, quoted, money }}
          items={cart.items}
          problems={problems.filter(
            (problem) => problem.reason === 'outOfStock' || problem.reason === 'regionMismatch',
          )}
          onFix={fixLine}
        >
          <PlaceOrder
            problem={order.problem}
            captchaPrompt={order.captchaPrompt}
            onCaptchaSolved={order.setCaptcha}
            blocked={problems.length > 0}
            ready={quoted !== null && !order.awaitingCaptcha}
            placing={placing}
            onPlace={() => void form.handleSubmit({ quoted })}
          />
        </OrderSummary>
      </div>
    </div>
  )
}
