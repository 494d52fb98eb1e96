import { RouterProvider } from '@tanstack/react-router'
import { StartClient } from '@tanstack/react-start/client'
import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { ERROR_REDIRECT_MS, UNKNOWN_ERROR_CODE } from '~/errors/error-model'
import { getRouter } from './router'

declare global {
  interface Window {
    $_TSR?: unknown
  }
}

/** A start-up failure still ends on the error screen (§4), without React if React cannot start. */
/**
 * The start-up failure's words, in both languages here: the app could not start, so Lingui (and its catalogs, which
 * may be what failed) cannot be relied on. The same words as the error screen's (src/components/ErrorScreen.tsx).
 */
const STARTUP_ERROR_EN = 'AN ERROR OCCURRED'
const STARTUP_ERROR_TH = 'เกิดข้อผิดพลาด'

function showStartupError(error: unknown) {
  console.error('Start-up failed', error)
  const main = document.querySelector('main') ?? document.body
  const section = document.createElement('section')
  section.className = 'error-screen'
  section.setAttribute('role', 'alert')
  const code = document.createElement('p')
  code.className = 'error-screen__code'
  code.textContent = String(UNKNOWN_ERROR_CODE)
  const message = document.createElement('h1')
  message.className = 'error-screen__message'
  message.textContent = document.documentElement.lang === 'en' ? STARTUP_ERROR_EN : STARTUP_ERROR_TH
  section.append(code, message)
  main.replaceChildren(section)
  setTimeout(() => window.location.assign('/'), ERROR_REDIRECT_MS)
}

async function mountWithoutServerMarkup() {
  // No server-rendered markup (a static shell): build the router here and render as a client app.
  const router = await getRouter()
  await router.load()
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    )
  })
}

try {
  if (window.$_TSR) {
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <StartClient />
        </StrictMode>,
        { onUncaughtError: showStartupError },
      )
    })
  } else {
    mountWithoutServerMarkup().catch(showStartupError)
  }
} catch (error) {
  showStartupError(error)
}
