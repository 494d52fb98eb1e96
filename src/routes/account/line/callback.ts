import { createFileRoute } from '@tanstack/react-router'
import { finishLineLogin } from '~/account/line.server'

/** LINE Login (§4): the way back from LINE with the authorisation code. */
export const Route = createFileRoute('/account/line/callback')({
  server: { handlers: { GET: ({ request }) => finishLineLogin(request) } },
})
