import { useLingui } from '@lingui/react/macro'
import { createFormHook, createFormHookContexts, useStore } from '@tanstack/react-form'
import { useId, type ReactNode } from 'react'
import { fieldErrorMessage } from '~/account/messages'
import { afterPress } from '~/forms/after-press'

/** The form contexts of the app-wide form hook (DESIGN.md §6, STYLE.md: `createFormHook`). */
export const { fieldContext, formContext, useFieldContext, useFormContext } = createFormHookContexts()

/**
 * The first error of a field, as a code: validators return codes of §5 ('required', 'invalid' …) so
 * that the browser and the API agree, and the text comes from the catalogs.
 */
function useFirstError(): string | null {
  const field = useFieldContext<unknown>()
  const errors = useStore(field.store, (state) => state.meta.errors)
  const first: unknown = errors.find((error) => error !== undefined && error !== null && error !== '')
  return typeof first === 'string' ? first : null
}

function FieldMessage({ id, code }: { id: string; code: string | null }) {
  const { i18n } = useLingui()
  if (!code) return null
  return (
    <p id={id} className="field-error" role="alert">
      {i18n._(fieldErrorMessage(code))}
    </p>
  )
}

type TextFieldProps = {
  label: ReactNode
  type?: 'text' | 'email' | 'tel' | 'date' | 'password'
  autoComplete?: string
  inputMode?: 'text' | 'numeric' | 'tel' | 'email'
  hint?: ReactNode
  required?: boolean
  maxLength?: number
  placeholder?: string
}

/**
 * A labelled input; validated when it loses focus (§5: on blur and change, not on input), after the press
 * that took the focus away, so that a vanishing message does not move the control being clicked.
 */
function TextField({
  label,
  type = 'text',
  autoComplete,
  inputMode,
  hint,
  required,
  maxLength,
  placeholder,
}: TextFieldProps) {
  const field = useFieldContext<string>()
  const id = useId()
  const code = useFirstError()
  const describedBy = [hint ? `${id}-hint` : null, code ? `${id}-error` : null].filter(Boolean).join(' ') || undefined
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <input
        id={id}
        name={field.name}
        type={type}
        value={field.state.value}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        placeholder={placeholder}
        required={required}
        aria-invalid={code ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => field.handleChange(event.target.value)}
        onBlur={() => afterPress(field.handleBlur)}
      />
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      <FieldMessage id={`${id}-error`} code={code} />
    </div>
  )
}

type SelectFieldProps = {
  label: ReactNode
  options: ReadonlyArray<{ value: string; label: string }>
  placeholder?: string
  required?: boolean
  autoComplete?: string
  disabled?: boolean
  onPick?: (value: string) => void
}

/** A labelled select; a pick is a change, so it is validated at once. */
function SelectField({ label, options, placeholder, required, autoComplete, disabled, onPick }: SelectFieldProps) {
  const field = useFieldContext<string>()
  const id = useId()
  const code = useFirstError()
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <select
        id={id}
        name={field.name}
        value={field.state.value}
        required={required}
        disabled={disabled}
        autoComplete={autoComplete}
        aria-invalid={code ? true : undefined}
        aria-describedby={code ? `${id}-error` : undefined}
        onChange={(event) => {
          field.handleChange(event.target.value)
          field.handleBlur()
          onPick?.(event.target.value)
        }}
        onBlur={() => afterPress(field.handleBlur)}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldMessage id={`${id}-error`} code={code} />
    </div>
  )
}

/** A checkbox with its label beside it. */
function CheckboxField({ label }: { label: ReactNode }) {
  const field = useFieldContext<boolean>()
  const id = useId()
  const code = useFirstError()
  return (
    <div>
      <div className="field field--check">
        <input
          id={id}
          name={field.name}
          type="checkbox"
          checked={field.state.value}
          aria-invalid={code ? true : undefined}
          aria-describedby={code ? `${id}-error` : undefined}
          onChange={(event) => {
            field.handleChange(event.target.checked)
            field.handleBlur()
          }}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      <FieldMessage id={`${id}-error`} code={code} />
    </div>
  )
}

/** The submit button: busy while the form submits. */
function SubmitButton({
  children,
  wide = true,
  waiting = false,
}: {
  children: ReactNode
  wide?: boolean
  /** Something the submit needs is not ready yet (the bot check still solving). */
  waiting?: boolean
}) {
  const form = useFormContext()
  const submitting = useStore(form.store, (state) => state.isSubmitting)
  return (
    <button
      type="submit"
      className={`button button--solid${wide ? ' button--wide' : ''}`}
      disabled={submitting || waiting}
      aria-busy={submitting || undefined}
    >
      {children}
    </button>
  )
}

/**
 * Options every form of the shop starts from. TanStack Form refuses a first submit while its state says
 * it cannot submit (a field already showing an error, or an async check still running) and calls
 * `onSubmitInvalid` without checking the other fields: a click on "Save" while the postcode was still being
 * looked up did nothing at all. With `canSubmitWhenInvalid` every submit checks every field, waits for the
 * async checks and then either saves or shows every error.
 */
export const SHOP_FORM = { canSubmitWhenInvalid: true } as const

/** The app's form hook: `useAppForm` with the field components registered once. */
export const { useAppForm, withForm } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: { TextField, SelectField, CheckboxField },
  formComponents: { SubmitButton },
})

/** Shows the server's error codes under their fields (a taken e-mail, a postcode of another province …). */
export function showFieldErrors(form: { setErrorMap: (map: never) => void }, fields: Record<string, string>): void {
  if (Object.keys(fields).length === 0) return
  const setErrorMap = form.setErrorMap as (map: { onServer: { fields: Record<string, string> } }) => void
  setErrorMap({ onServer: { fields } })
}
