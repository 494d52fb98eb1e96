/** Our names of the events the storefront tracks (§3), forwarded to Meta's and TikTok's server APIs. */
export const PIXEL_EVENT_NAMES = [
  'purchase',
  'add_to_cart',
  'view_content',
  'initiate_checkout',
  'complete_registration',
  'search',
] as const
export type PixelEventName = (typeof PIXEL_EVENT_NAMES)[number]
