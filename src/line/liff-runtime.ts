import { loginWithLiff, type LiffLoginResult } from '~/account/liff-login.functions'
import {
  friendship,
  liffIdToken,
  liffLogin,
  shareProduct,
  startLiff,
  type ShareProduct,
  type ShareResult,
} from './liff'
import { loadLiffSdk } from './liff-sdk'
import { setLiffView } from './liff-store'
import type { LiffConfig, LiffSdk, LiffSession } from './liff-types'

/**
 * The LIFF layer in the browser: one chunk, fetched only inside LINE or on a LIFF entry page (liff-boot.tsx), that
 * starts LINE's SDK, logs the shopper in with its ID token and reports to the pages through liff-store.ts.
 */

export type LiffRuntimeHooks = {
  /** After the server accepted the ID token: the pages refresh who is logged in (and the cart). */
  onLoggedIn?: (result: Extract<LiffLoginResult, { ok: true }>) => void
}

export type LiffRuntimeDeps = {
  loadSdk: () => Promise<LiffSdk>
  login: (idToken: string) => Promise<LiffLoginResult>
  log: (message: string, error: unknown) => void
}

const defaultDeps: LiffRuntimeDeps = {
  loadSdk: loadLiffSdk,
  login: (idToken) => loginWithLiff({ data: { idToken } }),
  log: (message, error) => console.error(message, error),
}

let session: LiffSession | null = null
let running: Promise<void> | null = null
let lastStart: { config: LiffConfig; hooks: LiffRuntimeHooks; deps: LiffRuntimeDeps } | null = null

/**
 * §4: starts LIFF with the app id for this entry (the chatbot's on `channel=chatbot`); on failure the stub is kept and
 * the error shown. Then, logged in to LINE, the shopper is logged in to the shop with the verified ID token, and
 * the friendship with the shop's Official Account is read. Never rejects; a second call while one runs joins it.
 */
export function start(
  config: LiffConfig,
  hooks: LiffRuntimeHooks = {},
  deps: LiffRuntimeDeps = defaultDeps,
): Promise<void> {
  if (running) return running
  lastStart = { config, hooks, deps }
  running = run(config, hooks, deps).finally(() => {
    running = null
  })
  return running
}

async function run(config: LiffConfig, hooks: LiffRuntimeHooks, deps: LiffRuntimeDeps): Promise<void> {
  setLiffView({ phase: 'starting', error: null })
  const started = await startLiff(deps.loadSdk, config, { log: deps.log })
  session = started
  const { state } = started
  setLiffView({
    phase: state.ready ? 'ready' : 'failed',
    liffId: started.liffId,
    inClient: state.inClient,
    loggedIn: state.loggedIn,
    os: started.os,
    error: state.error,
    friend: null,
  })
  if (!state.ready) return

  const idToken = liffIdToken(started)
  if (idToken) {
    try {
      const result = await deps.login(idToken)
      if (result.ok) {
        if (result.status === 'loggedIn') hooks.onLoggedIn?.(result)
      } else if (result.error === 'INVALID_ID_TOKEN') {
        // The token LINE gave is no longer good: the shopper logs in with LINE again.
        setLiffView({ error: 'INVALID_ID_TOKEN' })
      } else {
        // The shop has no LINE Login channel, or LINE is unreachable: the shopper goes on as a guest.
        deps.log('LIFF login unavailable', result.error)
      }
    } catch (error) {
      deps.log('LIFF login failed', error)
    }
  }

  const friend = await friendship(started)
  setLiffView({ friend: friend ? friend.friend : null })
}

/** Starts again after a failure, with what the first start was given (§8's retry). */
export function retry(): Promise<void> {
  if (!lastStart) return Promise.resolve()
  return start(lastStart.config, lastStart.hooks, lastStart.deps)
}

/** §8's log in again: LINE's login, back to `redirectUri`. False when LIFF did not start. */
export function login(redirectUri: string): boolean {
  return session ? liffLogin(session, redirectUri) : false
}

/** §5: shares a product with the share target picker; every failure is a code for the error catalogue. */
export async function share(product: ShareProduct): Promise<ShareResult> {
  if (!session) return { ok: false, error: 'INIT_FAILED' }
  return shareProduct(session, product)
}

/** Forgets the session (tests). */
export function resetRuntime(): void {
  session = null
  running = null
  lastStart = null
}
