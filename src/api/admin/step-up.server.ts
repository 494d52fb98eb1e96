import { STEP_UP_SECONDS } from '~/domain/staff-permissions'
import { ApiError } from '~/api/errors'

/**
 * STEP_UP_REQUIRED unless the session gave its second factor within STEP_UP_SECONDS: the routes' guard for the
 * permissions that need it, and a service for an action that is a money action only sometimes (cancelling a paid order).
 */
export function assertSteppedUp(secondFactorAt: Date, at: Date): void {
  const age = (at.getTime() - secondFactorAt.getTime()) / 1000
  if (age > STEP_UP_SECONDS) throw new ApiError(403, 'STEP_UP_REQUIRED', 'Confirm your second factor again')
}
