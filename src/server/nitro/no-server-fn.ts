import { defineHandler } from 'nitro/h3'

/**
 * `/_serverFn/` without an id: Start throws before any middleware runs and answers 500, so the server
 * answers it here, like a call to an id no function has (a tampered client; the shop never sends it).
 */
export default defineHandler(() =>
  Response.json(
    { code: 404, message: 'There is no such server function' },
    { status: 404, headers: { 'Cache-Control': 'no-store' } },
  ),
)
