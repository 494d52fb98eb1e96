/**
 * The longest bot-check solution taken: an ALTCHA payload is under 1 KB, a Turnstile token at most 2048 characters.
 * A module of its own: the browser's account calls validate with it, and otp.ts would bring the phone-number
 * library (about 25 KB brotli) into every page's first load with it.
 */
export const CAPTCHA_SOLUTION_MAX_LENGTH = 4096
