import { useSyncExternalStore } from 'react'

function subscribe(onTick: () => void): () => void {
  const timer = setInterval(onTick, 1000)
  return () => clearInterval(timer)
}

/** Whole seconds, so that the snapshot stays the same between ticks. */
const clock = () => Math.floor(Date.now() / 1000) * 1000
const noClockOnServer = () => null

/** The current time, ticking every second (countdowns); null while server rendering and hydrating. */
export function useNow(): number | null {
  return useSyncExternalStore(subscribe, clock, noClockOnServer)
}

/** Seconds left until an instant, never below zero. */
export function secondsUntil(iso: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(iso) - now) / 1000))
}

/** m:ss */
export function formatCountdown(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
}
