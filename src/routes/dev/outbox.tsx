import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { getOutbox } from '~/account/outbox.functions'
import { PageHeading } from '~/components/PageHeading'
import { searchParams, stringParam } from '~/routing/search-params'
import { pageHead } from '~/seo/page-head'

/**
 * Development page: the one-time codes the outbox kept instead of sending them. It exists only while the
 * outbox delivers (no SMTP_URL / SMS_PROVIDER); with real providers it is a 404.
 */
const searchSchema = searchParams({ recipient: stringParam(undefined, 254) })

export const Route = createFileRoute('/dev/outbox')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ recipient: search.recipient }),
  loader: async ({ deps, location }) => {
    const messages = await getOutbox({ data: { recipient: deps.recipient } })
    if (!messages) throw notFound({ data: { path: location.pathname } })
    return { messages }
  },
  staleTime: 0,
  head: ({ match }) => {
    const head = pageHead(match.context.i18n, msg`Outbox`, msg`Messages kept by the development outbox.`)
    return { ...head, meta: [...(head.meta ?? []), { name: 'robots', content: 'noindex' }] }
  },
  component: OutboxPage,
})

function OutboxPage() {
  const { messages } = Route.useLoaderData()
  return (
    <div className="account-page">
      <PageHeading lead={<Trans>Messages kept by the development outbox.</Trans>}>{<Trans>Outbox</Trans>}</PageHeading>
      {messages.length === 0 ? (
        <p>
          <Trans>No messages yet.</Trans>
        </p>
      ) : (
        <ol className="outbox">
          {messages.map((message) => (
            <li key={`${message.createdAt}-${message.recipient}`} className="account-card">
              <p className="account-muted">
                {message.channel.toUpperCase()} · {message.recipient} · {message.createdAt}
              </p>
              <p>
                <strong>{message.subject}</strong>
              </p>
              <p>{message.body}</p>
            </li>
          ))}
        </ol>
      )}
    </div>
  )
}
