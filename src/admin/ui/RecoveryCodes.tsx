import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'

/** The recovery codes as the downloaded file holds them. */
export function recoveryCodesText(codes: readonly string[], heading: string): string {
  return `${heading}\n\n${codes.join('\n')}\n`
}

/**
 * Ten recovery codes shown this once (an invitation's enrolment, a renewal on My sessions): the list, a Copy button and
 * a `.txt` download whose first line is `heading`.
 */
export function RecoveryCodeList({ codes, heading }: { codes: readonly string[]; heading: string }) {
  const { t } = useLingui()
  const [copied, setCopied] = useState(false)
  const text = recoveryCodesText(codes, heading)
  const copy = () => {
    void navigator.clipboard.writeText(text).then(
      () => setCopied(true),
      () => setCopied(false),
    )
  }
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }))
    const link = document.createElement('a')
    link.href = url
    link.download = 'back-office-recovery-codes.txt'
    link.click()
    setTimeout(() => URL.revokeObjectURL(url), 1_000)
  }
  return (
    <>
      <ul className="admin-codes" aria-label={t`Recovery codes`}>
        {codes.map((recovery) => (
          <li key={recovery}>
            <code>{recovery}</code>
          </li>
        ))}
      </ul>
      <div className="admin-actions">
        <button type="button" className="admin-button admin-button--secondary" onClick={copy}>
          <Trans>Copy the codes</Trans>
        </button>
        <button type="button" className="admin-button admin-button--secondary" onClick={download}>
          <Trans>Download as a text file</Trans>
        </button>
      </div>
      <p role="status" className="admin-field__hint">
        {copied ? <Trans>Copied.</Trans> : null}
      </p>
    </>
  )
}
