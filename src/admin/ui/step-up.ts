import { z } from 'zod'

/** The staff member closed the step-up dialog without giving the second factor: the action is not done, nothing is said. */
export class StepUpCancelled extends Error {
  constructor() {
    super('The second factor was not given again')
    this.name = 'StepUpCancelled'
  }
}

export const isStepUpCancelled = (error: unknown): error is StepUpCancelled => error instanceof StepUpCancelled

/** An authenticator app's 6 digits, or a recovery code (the contract's 10 to 20 letters, digits, dashes and spaces). */
export const stepUpCode = z
  .string()
  .trim()
  .regex(/^(?:\d{6}|[A-Za-z0-9][A-Za-z0-9 -]{9,19})$/)
