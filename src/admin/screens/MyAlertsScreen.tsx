import { Trans, useLingui } from '@lingui/react/macro'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { useId, useState, type FormEvent } from 'react'
import {
  chooseMyAlerts,
  createLineLinkCode,
  getMyAlerts,
  unlinkLine,
  type AlertKind,
  type AlertSettings,
  type LineLinkCode,
  type StaffAlert,
} from '../api'
import type { AdminLocale } from '../locale'
import { formatWhen } from '../ui/order-labels'
import { useAdminTitle } from '../ui/title'
import { ErrorNotice } from './ErrorScreen'

const myAlertsKey = ['admin', 'alerts', 'mine'] as const

/** The caller's LINE alerts; asked again every 2 seconds while a link code waits for its LINE message. */
export const myAlertsQuery = queryOptions({
  queryKey: myAlertsKey,
  queryFn: getMyAlerts,
  refetchInterval: (query) => {
    const line = query.state.data?.line
    return line && !line.linked && line.code_expires_at ? 2_000 : false
  },
})

function useKindLabels(): Record<AlertKind, { label: string; hint: string }> {
  const { t } = useLingui()
  return {
    slip_review: { label: t`A transfer slip to review`, hint: t`Needs the right to confirm payments` },
    ship_late: {
      label: t`An order paid and not shipped after 24 hours`,
      hint: t`Needs the right to pack and ship`,
    },
    return_requested: { label: t`An exchange or return asked for`, hint: t`Needs the right to decide returns` },
    low_stock: {
      label: t`A size running low online (under its threshold, 3 pieces unless set in Stock)`,
      hint: t`Needs the right to change stock`,
    },
  }
}

function useStatusLabels(): Record<StaffAlert['status'], string> {
  const { t } = useLingui()
  return {
    pending: t`Waiting to be sent`,
    sent: t`Sent to LINE`,
    recorded: t`Recorded (demo: not sent)`,
    failed: t`Could not be sent`,
    skipped: t`Not sent`,
  }
}

function LineLink({ settings, locale }: { settings: AlertSettings; locale: AdminLocale }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const [code, setCode] = useState<LineLinkCode | null>(null)
  const refresh = () => queryClient.invalidateQueries({ queryKey: myAlertsKey })
  const ask = useMutation({
    mutationFn: createLineLinkCode,
    onSuccess: (created) => {
      setCode(created)
      return refresh()
    },
  })
  const unlink = useMutation({
    mutationFn: unlinkLine,
    onSuccess: () => {
      setCode(null)
      return refresh()
    },
  })
  const { line } = settings
  const waiting = !line.linked && code !== null && line.code_expires_at !== null
  const linkedOn = line.linked_at ? formatWhen(line.linked_at, locale) : null
  const until = code ? formatWhen(line.code_expires_at ?? code.expires_at, locale) : ''
  return (
    <section aria-labelledby="admin-alerts-line" className="admin-alerts__part">
      <h2 id="admin-alerts-line">
        <Trans>LINE account</Trans>
      </h2>
      {line.linked ? (
        <>
          <p role="status">{linkedOn ? <Trans>Linked on {linkedOn}</Trans> : <Trans>Linked</Trans>}</p>
          <button
            type="button"
            className="admin-button admin-button--secondary"
            disabled={unlink.isPending}
            onClick={() => unlink.mutate()}
          >
            <Trans>Unlink LINE</Trans>
          </button>
        </>
      ) : !line.linking ? (
        <p className="admin-notice">
          <Trans>This shop cannot link LINE accounts yet: it needs its LINE channel secret.</Trans>
        </p>
      ) : (
        <>
          <p className="admin-empty">
            <Trans>
              Link your LINE account to get alerts on your phone: ask for a code, then send it as a message to the
              shop’s LINE Official Account.
            </Trans>
          </p>
          {waiting && code ? (
            <div className="admin-notice admin-alerts__code" role="status">
              <p>
                <Trans>Send this code to the shop’s LINE Official Account before {until}:</Trans>
              </p>
              <p className="admin-alerts__code-value" lang="en" translate="no">
                {code.code}
              </p>
              <p>
                <Trans>Waiting for your message…</Trans>
              </p>
            </div>
          ) : null}
          <button
            type="button"
            className="admin-button"
            disabled={ask.isPending}
            onClick={() => ask.mutate()}
            aria-label={waiting ? t`Get a new link code (the one shown stops working)` : undefined}
          >
            {waiting ? <Trans>Get a new code</Trans> : <Trans>Get a link code</Trans>}
          </button>
        </>
      )}
      {ask.isError ? <ErrorNotice error={ask.error} /> : null}
      {unlink.isError ? <ErrorNotice error={unlink.error} /> : null}
    </section>
  )
}

function AlertChoices({ settings }: { settings: AlertSettings }) {
  const queryClient = useQueryClient()
  const labels = useKindLabels()
  const id = useId()
  const [chosen, setChosen] = useState<ReadonlySet<AlertKind>>(
    () => new Set(settings.kinds.filter((kind) => kind.chosen).map((kind) => kind.kind)),
  )
  const save = useMutation({
    mutationFn: (kinds: AlertKind[]) => chooseMyAlerts(kinds),
    onSuccess: (saved) => queryClient.setQueryData(myAlertsKey, saved),
  })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    save.mutate(settings.kinds.filter((kind) => chosen.has(kind.kind)).map((kind) => kind.kind))
  }
  const toggle = (kind: AlertKind, on: boolean) => {
    save.reset()
    setChosen((current) => {
      const next = new Set(current)
      if (on) next.add(kind)
      else next.delete(kind)
      return next
    })
  }
  return (
    <section aria-labelledby="admin-alerts-choose" className="admin-alerts__part">
      <h2 id="admin-alerts-choose">
        <Trans>Alerts to get</Trans>
      </h2>
      <form className="admin-form" onSubmit={submit}>
        <fieldset className="admin-alerts__kinds">
          <legend>
            <Trans>Tell me on LINE when there is</Trans>
          </legend>
          {settings.kinds.map((kind) => {
            const hintId = `${id}-${kind.kind}-hint`
            return (
              <div key={kind.kind} className="admin-alerts__kind">
                <input
                  type="checkbox"
                  id={`${id}-${kind.kind}`}
                  checked={kind.allowed && chosen.has(kind.kind)}
                  disabled={!kind.allowed}
                  aria-describedby={kind.allowed ? undefined : hintId}
                  onChange={(event) => toggle(kind.kind, event.currentTarget.checked)}
                />
                <label htmlFor={`${id}-${kind.kind}`}>{labels[kind.kind].label}</label>
                {kind.allowed ? null : (
                  <p id={hintId} className="admin-field__hint">
                    {labels[kind.kind].hint}
                  </p>
                )}
              </div>
            )
          })}
        </fieldset>
        <div>
          <button type="submit" className="admin-button" disabled={save.isPending}>
            <Trans>Save choices</Trans>
          </button>
        </div>
        <p role="status" className="admin-field__hint">
          {save.isSuccess ? <Trans>Your choices are saved.</Trans> : null}
        </p>
        {save.isError ? <ErrorNotice error={save.error} /> : null}
      </form>
    </section>
  )
}

function RecentAlerts({ alerts, locale }: { alerts: StaffAlert[]; locale: AdminLocale }) {
  const statuses = useStatusLabels()
  return (
    <section aria-labelledby="admin-alerts-recent" className="admin-alerts__part">
      <h2 id="admin-alerts-recent">
        <Trans>Recent alerts</Trans>
      </h2>
      {alerts.length === 0 ? (
        <p className="admin-empty">
          <Trans>No alert yet.</Trans>
        </p>
      ) : (
        <ul className="admin-sessions" aria-labelledby="admin-alerts-recent">
          {alerts.map((alert) => (
            <li key={alert.id} className="admin-session">
              <p className="admin-alerts__text">{alert.text}</p>
              <p className="admin-field__hint">
                {formatWhen(alert.created_at, locale)} · {statuses[alert.status]}
              </p>
              <p>
                <a href={new URL(alert.link).pathname}>
                  <Trans>Open in the back office</Trans>
                </a>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/**
 * The staff member's own LINE alerts (issue 31 item 10): their LINE account linked by a one-time code sent to the
 * shop's LINE Official Account, the alerts their role allows (the others shown, not offered), and the last alerts.
 */
export function MyAlertsScreen() {
  const { t } = useLingui()
  useAdminTitle(t`My alerts`)
  const { place } = useRouteContext({ from: '__root__' })
  const settings = useQuery(myAlertsQuery)
  const data = settings.data
  return (
    <section aria-labelledby="admin-alerts-title" className="admin-alerts">
      <h1 id="admin-alerts-title">
        <Trans>My alerts</Trans>
      </h1>
      {settings.isError ? (
        <ErrorNotice error={settings.error} />
      ) : data ? (
        <>
          {data.delivery === 'recorded' ? (
            <p className="admin-notice">
              <Trans>Demo shop: alerts are recorded here, not sent to LINE.</Trans>
            </p>
          ) : data.delivery === 'off' ? (
            <p className="admin-notice">
              <Trans>LINE alerts are off: the shop has no LINE channel.</Trans>
            </p>
          ) : null}
          <LineLink settings={data} locale={place.locale} />
          <AlertChoices settings={data} />
          <RecentAlerts alerts={data.recent} locale={place.locale} />
        </>
      ) : (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      )}
    </section>
  )
}
