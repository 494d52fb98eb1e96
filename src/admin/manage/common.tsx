import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { useId, useState } from 'react'
import type { Me } from '../api'
import { meQuery } from '../session'
import { useStepUp } from '../ui/StepUp'

/** The step-up of a screen: the session's window from `me`, and a new window kept in the cache of `me`. */
export function useScreenStepUp() {
  const { me } = useRouteContext({ from: '__root__' })
  const queryClient = useQueryClient()
  return useStepUp({
    stepUpUntil: me?.session?.step_up_until ?? null,
    onSteppedUp: (stepUp) =>
      queryClient.setQueryData(meQuery.queryKey, (old: Me | null | undefined) =>
        old?.session ? { ...old, session: { ...old.session, ...stepUp } } : old,
      ),
  })
}

/**
 * A secret shown this once (an invitation's link, an API key): read-only, selected on focus, with a Copy button and
 * the warning that it will not be shown again.
 */
export function ShownOnce({
  label,
  value,
  warning,
}: {
  label: React.ReactNode
  value: string
  warning: React.ReactNode
}) {
  const { t } = useLingui()
  const id = useId()
  const [copied, setCopied] = useState<boolean | null>(null)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value)
      setCopied(true)
    } catch {
      setCopied(false)
    }
  }
  return (
    <div className="admin-once" role="group" aria-labelledby={`${id}-label`}>
      <p className="admin-notice" id={`${id}-warning`}>
        {warning}
      </p>
      <div className="admin-field">
        <label id={`${id}-label`} htmlFor={`${id}-value`}>
          {label}
        </label>
        <input
          id={`${id}-value`}
          type="text"
          readOnly
          value={value}
          aria-describedby={`${id}-warning`}
          onFocus={(event) => event.currentTarget.select()}
          data-testid="shown-once"
        />
      </div>
      <div className="admin-actions">
        <button type="button" className="admin-button" onClick={() => void copy()}>
          {t`Copy`}
        </button>
        <p role="status" className="admin-field__hint">
          {copied === true ? (
            <Trans>Copied.</Trans>
          ) : copied === false ? (
            <Trans>Select the text and copy it.</Trans>
          ) : null}
        </p>
      </div>
    </div>
  )
}

export { TableScroll } from '../ui/TableScroll'
