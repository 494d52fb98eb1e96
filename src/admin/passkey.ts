import type { WebAuthnCredential, WebAuthnOptions } from './api'

/**
 * Passkeys in the browser (WebAuthn): the API's options in their JSON form are parsed by the browser itself
 * (`PublicKeyCredential.parse…OptionsFromJSON`), and the credential goes back as `toJSON()` writes it, so no
 * base64url code of ours sits between them.
 */

/** True when this browser can make and use passkeys from the API's JSON options. */
export function passkeysSupported(): boolean {
  return (
    typeof PublicKeyCredential !== 'undefined' &&
    typeof PublicKeyCredential.parseRequestOptionsFromJSON === 'function' &&
    typeof navigator !== 'undefined' &&
    navigator.credentials !== undefined
  )
}

/** The staff member chose not to use the passkey (or the browser's dialog timed out): said as such, not as a failure. */
export class PasskeyCancelled extends Error {
  constructor() {
    super('The passkey was not used')
    this.name = 'PasskeyCancelled'
  }
}

function asCredential(credential: Credential | null): WebAuthnCredential {
  if (!credential || credential.type !== 'public-key') throw new PasskeyCancelled()
  return (credential as PublicKeyCredential).toJSON() as WebAuthnCredential
}

async function ask(call: () => Promise<Credential | null>): Promise<WebAuthnCredential> {
  try {
    return asCredential(await call())
  } catch (error) {
    // NotAllowedError: the dialog was closed, timed out or no passkey of this site is on the device.
    if (error instanceof DOMException && error.name === 'NotAllowedError') throw new PasskeyCancelled()
    throw error
  }
}

/** Signs with a passkey the API asked for (sign-in, step-up). */
export function getPasskey(options: WebAuthnOptions): Promise<WebAuthnCredential> {
  const publicKey = PublicKeyCredential.parseRequestOptionsFromJSON(
    options.public_key as unknown as PublicKeyCredentialRequestOptionsJSON,
  )
  return ask(() => navigator.credentials.get({ publicKey }))
}

/** Makes a new passkey as the API asked (an invitation's enrolment). */
export function createPasskey(options: WebAuthnOptions): Promise<WebAuthnCredential> {
  const publicKey = PublicKeyCredential.parseCreationOptionsFromJSON(
    options.public_key as unknown as PublicKeyCredentialCreationOptionsJSON,
  )
  return ask(() => navigator.credentials.create({ publicKey }))
}
