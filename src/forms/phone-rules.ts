import type * as AddressRules from '~/domain/address'
import type * as PhoneRules from '~/domain/phone'

/**
 * The rules that read phone numbers stand on libphonenumber's metadata (about 20 KB brotli), so no page's first load
 * carries them (issue 29, item 24). A form asks for them when the shopper first enters it (a focus) and waits for
 * them before it validates a submit; its validators stay synchronous and read them once they are here
 * (`phoneRulesNow`). A blur before they arrive checks presence only; the submit checks the number. Should they not
 * arrive (offline), the server's answer names the field all the same.
 *
 * Synchronous on purpose: TanStack Form's async field validators (onBlurAsync) can leave a submit waiting for ever
 * when a blur's validation and the submit's start together (the later clears the earlier's timer).
 */
let phone: Promise<typeof PhoneRules | null> | undefined
let address: Promise<typeof AddressRules | null> | undefined
let phoneLoaded: typeof PhoneRules | null = null
let addressLoaded: typeof AddressRules | null = null

/** Fetches the phone rules (once); resolves null when they could not be fetched, and a later call tries again. */
export function loadPhoneRules(): Promise<typeof PhoneRules | null> {
  phone ??= import('~/domain/phone').then(
    (rules) => (phoneLoaded = rules),
    () => {
      phone = undefined
      return null
    },
  )
  return phone
}

/** The address rules whole (the phone number included, src/domain/address.ts), as loadPhoneRules. */
export function loadAddressRules(): Promise<typeof AddressRules | null> {
  address ??= import('~/domain/address').then(
    (rules) => (addressLoaded = rules),
    () => {
      address = undefined
      return null
    },
  )
  return address
}

/** The phone rules if they have arrived. */
export const phoneRulesNow = (): typeof PhoneRules | null => phoneLoaded

/** The address rules if they have arrived. */
export const addressRulesNow = (): typeof AddressRules | null => addressLoaded
