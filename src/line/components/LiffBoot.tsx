import { useQueryClient } from '@tanstack/react-query'
import { useRouteContext, useRouter } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useEffectEvent } from 'react'
import { shouldStartLiff } from '../liff-detect'
import { useLiffView } from '../liff-store'

// The notices (failures of §8, the friendship offer) come with the LIFF layer, never on other pages.
const LiffNotices = lazy(() => import('./LiffNotices'))

/**
 * §4: inside LINE, or on a page opened through a LIFF URL, starts the LIFF layer once the page is interactive. On
 * every other page it does nothing: neither the runtime nor `@line/liff` is fetched.
 */
export function LiffBoot() {
  const config = useRouteContext({ from: '__root__', select: (context) => context.boot.config })
  const { liffId, liffIdChatbot } = config
  const router = useRouter()
  const queryClient = useQueryClient()
  const view = useLiffView()

  // Logged in with LINE's ID token: the header, cart and member pages read the new session.
  const refresh = useEffectEvent(() => {
    void queryClient.invalidateQueries()
    void router.invalidate()
  })

  useEffect(() => {
    if (!liffId && !liffIdChatbot) return
    const search = new URLSearchParams(window.location.search)
    if (!shouldStartLiff({ userAgent: window.navigator.userAgent, search })) return
    void import('../liff-runtime').then((runtime) =>
      runtime.start({ search, liffId, liffIdChatbot }, { onLoggedIn: () => refresh() }),
    )
  }, [liffId, liffIdChatbot])

  if (view.phase === 'off') return null
  return (
    <Suspense fallback={null}>
      <LiffNotices />
    </Suspense>
  )
}
