/**
 * A field's error message goes away when the field is left (§5: on blur). When the shopper leaves it by
 * pressing on the next control (the terms checkbox, the submit button), the browser moves focus on the
 * press, the message goes, everything below moves up by a line, and the release lands beside the control
 * it was meant for: no click. `afterPress` holds such a check back until the press is over (and the click
 * has been dispatched); a field left by keyboard or by a tap is checked at once.
 */

/** The longest a check waits for a release that never comes (the button released outside the window). */
const LONGEST_WAIT_MS = 2000

let pressing = false
let waiting: Array<() => void> = []

function release() {
  pressing = false
  const checks = waiting
  waiting = []
  // The click of this release is dispatched after pointerup in the same task: the checks come after it.
  if (checks.length > 0) window.setTimeout(() => checks.forEach((check) => check()), 0)
}

// Presses are watched from the start: the press that leaves a field begins before the field is left.
if (typeof window !== 'undefined') {
  window.addEventListener(
    'pointerdown',
    (event) => {
      // Touch moves focus on the tap's click, after the release: nothing to hold back.
      pressing = event.pointerType === 'mouse' || event.pointerType === 'pen'
    },
    true,
  )
  window.addEventListener('pointerup', release, true)
  window.addEventListener('pointercancel', release, true)
}

/** Runs `check` now, or once the pointer press that took the focus away is over. */
export function afterPress(check: () => void): void {
  if (!pressing) {
    check()
    return
  }
  let done = false
  const once = () => {
    if (done) return
    done = true
    check()
  }
  waiting.push(once)
  window.setTimeout(once, LONGEST_WAIT_MS)
}
