import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { CaptchaPrompt } from '~/account/account-result'
import { ACCOUNT_MESSAGES } from '~/account/messages'
import { majorUnits, track, useTrackOnce } from '~/analytics/datalayer'
import type { Cart } from '~/cart/types'
import { formatMoney, MAX_AMOUNT, type Currency } from '~/domain/money'
import type { LocaleCode } from '~/i18n/locales'
import type { CheckoutProblem } from './components/CheckoutProblems'
import { incompleteCheckout, type CheckoutValues } from './checkout-form'
import { useFixCartLine, usePlaceOrder } from './checkout.queries'
import { clearCheckoutDraft, sessionStore } from './draft'
import { placeRefusalMessage } from './place-messages'
import { endCheckoutJourney } from './resume'
import type { Quote } from './types'

/**
 * Placing the order from the checkout's values: what is missing is said first (the address, the branch, the
 * contact); a refusal is said in words, with a new idempotency key and the bot check when the shop asks for one; a
 * change of prices opens its dialog. Also the cart's lines fixed from checkout, and the shop's analytics events.
 */
export function useCheckoutOrder({
  cart,
  lang,
  currency,
  secureCookies,
}: {
  cart: Cart
  lang: LocaleCode
  currency: Currency
  secureCookies: boolean
}) {
  const { t, i18n } = useLingui()
  const [problem, setProblem] = useState<string | null>(null)
  const [fieldProblems, setFieldProblems] = useState<Record<string, string>>({})
  const [pricesMoved, setPricesMoved] = useState(false)
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID())
  /** The bot check the shop asks for when this connection already holds an unpaid order (issue 29), and its solution. */
  const [captchaPrompt, setCaptchaPrompt] = useState<CaptchaPrompt | null>(null)
  const [captcha, setCaptcha] = useState<string | null>(null)
  const money = (amount: number) => formatMoney(amount, currency, lang)

  useTrackOnce(cart.id, 'begin_checkout', () => ({
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

  const [, fixCartLine] = useFixCartLine({ onFailed: () => setProblem(i18n._(ACCOUNT_MESSAGES.somethingWrong)) })
  const [, placeOrder] = usePlaceOrder({
    onRefused: (result) => {
      setIdempotencyKey(crypto.randomUUID())
      setCaptcha(null)
      setCaptchaPrompt(result.captcha ?? null)
      if (result.reason === 'PRICES_CHANGED') {
        setPricesMoved(true)
        return
      }
      setFieldProblems(result.fields ?? {})
      setProblem(placeRefusalMessage(i18n, result, money))
    },
    // Placed: the draft and the checkout journey end here (a new order starts from the cart again).
    onPlaced: () => {
      clearCheckoutDraft(sessionStore())
      endCheckoutJourney(secureCookies)
    },
  })

  /** A piece taken out of the cart (or down to what is left) from checkout: the cart and the quote are read again. */
  async function fixLine(lineId: string, quantity: number) {
    setProblem(null)
    await fixCartLine(lineId, quantity)
  }

  /** The order placed with the values of the form, at the total of the quote the shopper sees. */
  async function place(values: CheckoutValues, quoted: Quote | null) {
    setProblem(null)
    setFieldProblems({})
    const incomplete = incompleteCheckout(values)
    if (incomplete) {
      setFieldProblems(incomplete.fields)
      setProblem(
        incomplete.reason === 'selectBranch' ? t`Please select a branch` : i18n._(ACCOUNT_MESSAGES[incomplete.reason]),
      )
      return
    }
    const value = { currency: currency.toUpperCase(), value: majorUnits(quoted?.total ?? cart.subtotal) }
    track('add_shipping_info', { ecommerce: { ...value, shipping_tier: values.shipping } })
    track('add_payment_info', { ecommerce: { ...value, payment_type: values.payment } })
    await placeOrder({
      lang,
      currency,
      idempotencyKey,
      email: values.email,
      telephone: values.telephone,
      shippingMethod: values.shipping,
      storeId: values.shipping === 'pickup' ? values.storeId : null,
      address: values.shipping === 'courier' ? values.address : null,
      promotionCode: values.code,
      paymentMethod: values.payment,
      // A total above the largest order is not sent back (the server refuses the order: CART_TOO_LARGE).
      expectedTotal: quoted && quoted.total <= MAX_AMOUNT ? quoted.total : null,
      ...(captcha ? { captcha } : {}),
    })
  }

  return {
    problem,
    fieldProblems,
    pricesMoved,
    reviewPrices: () => setPricesMoved(false),
    captchaPrompt,
    /** Waiting for the bot check to be solved. */
    awaitingCaptcha: captchaPrompt !== null && captcha === null,
    setCaptcha,
    fixLine,
    place,
    money,
  }
}

/** What stops the order in a quote, each with the cart line it names (to act on it here). */
export function checkoutProblems(quoted: Quote | null, items: Cart['items']): CheckoutProblem[] {
  return (quoted?.blocked ?? []).map((block) => ({
    ...block,
    lineId: 'sku' in block ? (items.find((line) => line.sku === block.sku)?.id ?? null) : null,
  }))
}
