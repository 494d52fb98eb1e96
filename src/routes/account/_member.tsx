import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'
import { sessionQuery } from '~/account/session.functions'

/** Member-only account pages (§6): a guest is sent to log in, and comes back here afterwards. */
export const Route = createFileRoute('/account/_member')({
  beforeLoad: async ({ context, location }) => {
    const member = await context.queryClient.ensureQueryData(sessionQuery())
    if (!member) {
      throw redirect({ to: '/account/login', search: { redirect: location.href } })
    }
    return { member }
  },
  component: Outlet,
})
