import type * as AddressRules from '~/domain/address'
import type * as PhoneRules from '~/domain/phone'

/**
 * The rules that read phone numbers stand on libphonenumber's metadata (about 20 KB brotli). A form fetches them the
 * first time it checks a number (a blur, a submit: TanStack Form's async validators, which a submit waits for), so
 * they are in no page's first load (issue 29, item 24). A failed fetch (offline) is not the shopper's error: the
 * check is left to the server, which answers with the same message.
 */
let phone: Promise<typeof PhoneRules> | undefined
let address: Promise<typeof AddressRules> | undefined

export function loadPhoneRules(): Promise<typeof PhoneRules> {
  phone ??= import('~/domain/phone').catch((error: unknown) => {
    phone = undefined
    throw error
  })
  return phone
}

export function loadAddressRules(): Promise<typeof AddressRules> {
  address ??= import('~/domain/address').catch((error: unknown) => {
    address = undefined
    throw error
  })
  return address
}

/** Runs `check` with the loaded rules; undefined (no error shown) when they could not be fetched. */
export async function withRules<Rules, Result>(
  load: () => Promise<Rules>,
  check: (rules: Rules) => Result,
): Promise<Result | undefined> {
  let rules: Rules
  try {
    rules = await load()
  } catch {
    return undefined
  }
  return check(rules)
}
