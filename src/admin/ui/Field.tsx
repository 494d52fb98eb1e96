import type { ReactNode } from 'react'

/**
 * A labelled field of a back-office form: its label, the control (given as children, with `id`), a hint and the
 * field's error in the staff's language. The control takes `described(id, error, hint)` so that a screen reader reads
 * the hint and the error with it and knows it is invalid. `lang` marks a Thai or English field of a side-by-side pair.
 */
export function Field({
  id,
  label,
  error,
  hint,
  lang,
  children,
}: {
  id: string
  label: ReactNode
  error?: string | undefined
  hint?: ReactNode
  lang?: 'th' | 'en'
  children: ReactNode
}) {
  return (
    <div className="admin-field" lang={lang}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="admin-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="admin-field__error">
          {error}
        </p>
      ) : null}
    </div>
  )
}

/** The aria attributes of a field's control: invalid when it has an error, described by its hint and its error. */
export function described(id: string, error: string | undefined, hint = false) {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ')
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': ids || undefined }
}
