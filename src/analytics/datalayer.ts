import { useEffect, useEffectEvent } from 'react'

/** GA4 e-commerce events the tag manager receives (§1 tag manager, issue 7). */
export type EcommerceEvent =
  | 'view_item_list'
  | 'view_item'
  | 'select_item'
  | 'add_to_cart'
  | 'remove_from_cart'
  | 'view_cart'
  | 'begin_checkout'
  | 'add_shipping_info'
  | 'add_payment_info'
  | 'purchase'
  | 'sign_up'
  | 'login'
  | 'search'

/** An item in GA4's shape: prices in major units of the currency. */
export type AnalyticsItem = {
  item_id: string
  item_name: string
  item_variant?: string
  item_category?: string
  price: number
  quantity?: number
  index?: number
}

/** GA4's e-commerce object of an event: currency, value and items (prices in major units). */
export type Ecommerce = Record<string, unknown>

type DataLayerEntry = Record<string, unknown> | unknown[]

declare global {
  interface Window {
    dataLayer?: DataLayerEntry[]
  }
}

/** The page's dataLayer, made when missing (pushes before the tag manager loads are read by it later). */
export function dataLayer(): DataLayerEntry[] {
  window.dataLayer ??= []
  return window.dataLayer
}

let abVariant: 'A' | 'B' = 'A'

/** Every event carries the A/B flag of the visitor. */
export function setAnalyticsVariant(variant: 'A' | 'B'): void {
  abVariant = variant
}

/** Minor units to GA4's major units. */
export function majorUnits(amount: number): number {
  return Math.round(amount) / 100
}

/**
 * Pushes a GA4 event: the previous e-commerce object is cleared first, as Google recommends, so that values
 * of one event never leak into the next.
 */
export function track(event: EcommerceEvent, parameters: Record<string, unknown> = {}): void {
  if (typeof window === 'undefined') return
  const layer = dataLayer()
  if ('ecommerce' in parameters) layer.push({ ecommerce: null })
  layer.push({ event, ab_variant: abVariant, ...parameters })
}

/**
 * Reports an event once for each value of `key` (a product shown, a cart opened, an order placed): the
 * parameters are read when the event fires (null: nothing to report), so a refetch does not report it again.
 */
export function useTrackOnce(
  key: string | null,
  event: EcommerceEvent,
  parameters: () => Record<string, unknown> | null,
) {
  const report = useEffectEvent(() => {
    const values = parameters()
    if (values) track(event, values)
  })
  useEffect(() => {
    if (key) report()
  }, [key])
}
