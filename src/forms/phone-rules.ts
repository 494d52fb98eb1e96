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
/**
 * A module fetched once: `load()` starts the fetch (again after a failure, resolving null then) and `now()` gives the
 * module once it has arrived.
 */
function fetchedOnce<Module>(fetch: () => Promise<Module>): {
  load: () => Promise<Module | null>
  now: () => Module | null
} {
  let pending: Promise<Module | null> | undefined
  let loaded: Module | null = null
  const load = () => {
    pending ??= fetch().then(
      (module) => (loaded = module),
      () => {
        pending = undefined
        return null
      },
    )
    return pending
  }
  return { load, now: () => loaded }
}

const phone = fetchedOnce(() => import('~/domain/phone'))
const address = fetchedOnce(() => import('~/domain/address'))

/** Fetches the phone rules (once); resolves null when they could not be fetched, and a later call tries again. */
export const loadPhoneRules: () => Promise<typeof PhoneRules | null> = phone.load

/** The address rules whole (the phone number included, src/domain/address.ts), as loadPhoneRules. */
export const loadAddressRules: () => Promise<typeof AddressRules | null> = address.load

/** The phone rules if they have arrived. */
export const phoneRulesNow: () => typeof PhoneRules | null = phone.now

/** The address rules if they have arrived. */
export const addressRulesNow: () => typeof AddressRules | null = address.now
