import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useEndSessions, useLogOut } from '~/account/account.mutations'
import { memberSessionsQuery, type MemberSession } from '~/account/sessions.functions'
import { formatDateTime } from '~/i18n/dates'
import type { LocaleCode } from '~/i18n/locales'
import { useLocale } from '~/i18n/use-locale'

/** A country's name in the page's language (any country, not only those the shop delivers to). */
function regionName(code: string, locale: LocaleCode): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code
  } catch {
    return code
  }
}

/**
 * The member's devices (issue 15): every live session with its browser and system, when it was last seen and from
 * which country; this device is marked; any other can be logged out, all others at once, or all of them.
 */
export function SessionList() {
  const { t } = useLingui()
  const locale = useLocale()
  const { data: items } = useSuspenseQuery(memberSessionsQuery())
  const [ending, sessions] = useEndSessions()
  const [leaving, logOut] = useLogOut()
  /** What is under way: a device's id, 'others' or 'all' (one at a time). */
  const busy = leaving ? 'all' : ending
  const [notice, setNotice] = useState<string | null>(null)
  const [failed, setFailed] = useState(false)
  const others = items.filter((item) => !item.current)

  function device(item: MemberSession): string {
    const { browser, os } = item
    if (browser && os) return t`${browser} on ${os}`
    return browser ?? os ?? t`Unknown device`
  }

  async function run(action: () => Promise<string | null>) {
    if (busy) return
    setFailed(false)
    setNotice(null)
    try {
      setNotice(await action())
    } catch {
      setFailed(true)
    }
  }

  async function everywhere() {
    if (busy) return
    try {
      await logOut(true)
    } catch {
      setFailed(true)
    }
  }

  return (
    <section className="account-card account-card--wide" aria-labelledby="devices" aria-busy={busy ? true : undefined}>
      <h2 id="devices">
        <Trans>Devices logged in</Trans>
      </h2>
      <p className="account-muted">
        <Trans>If you do not recognise a device, log it out and check your e-mail and telephone.</Trans>
      </p>
      <ul className="session-list">
        {items.map((item) => {
          const name = device(item)
          const lastSeen = formatDateTime(item.lastSeenAt, locale)
          return (
            <li key={item.id} className="session-list__item">
              <div>
                <p className="session-list__device">
                  <strong>{name}</strong>
                  {item.current ? (
                    <span className="session-list__current">
                      <Trans>This device</Trans>
                    </span>
                  ) : null}
                </p>
                <p className="account-muted">
                  {item.country ? regionName(item.country, locale) : <Trans>Country unknown</Trans>}
                  {' · '}
                  <Trans>Last seen {lastSeen}</Trans>
                </p>
              </div>
              {item.current ? null : (
                <button
                  type="button"
                  className="button button--small"
                  disabled={busy !== null}
                  aria-busy={busy === item.id || undefined}
                  aria-label={t`Log out ${name}, last seen ${lastSeen}`}
                  onClick={() =>
                    void run(async () => {
                      await sessions.end(item.id)
                      return t`That device was logged out.`
                    })
                  }
                >
                  <Trans>Log out</Trans>
                </button>
              )}
            </li>
          )
        })}
      </ul>
      {others.length === 0 ? (
        <p className="account-muted">
          <Trans>No other device is logged in.</Trans>
        </p>
      ) : null}
      {notice ? (
        <p className="form-success" role="status">
          {notice}
        </p>
      ) : null}
      {failed ? (
        <p className="form-alert" role="alert">
          <Trans>That did not work. Please reload the page and try again.</Trans>
        </p>
      ) : null}
      <div className="form-actions">
        {others.length > 0 ? (
          <button
            type="button"
            className="button"
            disabled={busy !== null}
            aria-busy={busy === 'others' || undefined}
            onClick={() =>
              void run(async () => {
                const { ended } = await sessions.endOthers()
                return t`Other devices logged out: ${ended}`
              })
            }
          >
            <Trans>Log out everywhere else</Trans>
          </button>
        ) : null}
        <button
          type="button"
          className="button"
          disabled={busy !== null}
          aria-busy={busy === 'all' || undefined}
          onClick={() => void everywhere()}
        >
          <Trans>Log out everywhere</Trans>
        </button>
      </div>
    </section>
  )
}
