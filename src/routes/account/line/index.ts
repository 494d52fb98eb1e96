import { createFileRoute } from '@tanstack/react-router'
import { startLineLogin } from '~/account/line.server'
import { LOCALE_CODES } from '~/i18n/locales'
import { oneOf, redirectParam, searchParams, wishParam } from '~/routing/search-params'

/**
 * LINE Login (§4): the redirect to LINE's authorisation page. Its search is typed for the links to it: the
 * shopper's language (`locale`: `lang` is the page middleware's language switch), where to go afterwards, and a
 * product a guest wanted to keep (`wish`: added to the wishlist once LINE has logged them in, as after a code).
 */
export const Route = createFileRoute('/account/line/')({
  validateSearch: searchParams({
    locale: oneOf(LOCALE_CODES),
    redirect: redirectParam(),
    wish: wishParam(),
  }),
  server: { handlers: { GET: ({ request }) => startLineLogin(request) } },
})
