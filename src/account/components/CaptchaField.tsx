import { Trans } from '@lingui/react/macro'
import { useId } from 'react'

/** The math-style captcha of §5, asked when this connection nears its limit of codes. */
export function CaptchaField({
  question,
  value,
  onChange,
}: {
  question: string
  value: string
  onChange: (value: string) => void
}) {
  const id = useId()
  return (
    <div className="field captcha">
      <label htmlFor={id}>
        <Trans>Please answer: {question} = ?</Trans>
      </label>
      <input
        id={id}
        name="captcha"
        inputMode="numeric"
        autoComplete="off"
        value={value}
        required
        maxLength={4}
        onChange={(event) => onChange(event.target.value.replace(/[^\d-]/g, ''))}
      />
    </div>
  )
}
