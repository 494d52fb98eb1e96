import { createFileRoute } from '@tanstack/react-router'
import { startLineLogin } from '~/account/line.server'

/** LINE Login (§4): the redirect to LINE's authorisation page. */
export const Route = createFileRoute('/account/line/')({
  server: { handlers: { GET: ({ request }) => startLineLogin(request) } },
})
