import { Trans, useLingui } from '@lingui/react/macro'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { useEffect, useId, useRef, useState } from 'react'
import type { AdminLocale } from '../locale'
import { productListQuery } from '../queries'
import { ErrorNotice } from '../screens/ErrorScreen'

/** A model as a picker shows and keeps it: its id (the address) and its names. */
export type PickedModel = { id: string; name_th: string; name_en: string }

const SEARCH_DELAY_MS = 250
const FOUND_AT_MOST = 8

export function modelName(model: PickedModel, locale: AdminLocale): string {
  return locale === 'th' ? model.name_th || model.name_en : model.name_en || model.name_th
}

/**
 * Chooses models by name or SKU (catalog:write's product list): a search field, what it finds with an Add button
 * each, and the chosen ones in order with a Remove button each. Keyboard-first: Add keeps the focus in the search, and
 * Remove puts it back there; a status line says what was found, added or removed. Used wherever the back office
 * picks pieces ("match with", a collection's pieces, a page's product block).
 */
export function ModelPicker({
  label,
  hint,
  error,
  value,
  onChange,
  exclude = [],
  max,
}: {
  label: string
  hint?: string
  error?: string
  value: readonly PickedModel[]
  onChange: (next: PickedModel[]) => void
  /** Models that may not be chosen (the model being edited). */
  exclude?: readonly string[]
  max?: number
}) {
  const { t } = useLingui()
  const locale = useRouteContext({ from: '__root__' }).place.locale
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [typed, setTyped] = useState('')
  const [q, setQ] = useState('')
  const [said, setSaid] = useState('')

  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [typed])

  const found = useQuery({
    ...productListQuery({ q, page_size: FOUND_AT_MOST }),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
  })
  const chosen = new Set(value.map((model) => model.id))
  const full = max !== undefined && value.length >= max
  const chosenCount = value.length
  const items = q.length > 0 ? (found.data?.items ?? []) : []

  const add = (model: PickedModel) => {
    if (chosen.has(model.id) || full) return
    onChange([...value, { id: model.id, name_th: model.name_th, name_en: model.name_en }])
    const name = modelName(model, locale)
    setSaid(t`Added ${name}.`)
    input.current?.focus()
  }
  const remove = (model: PickedModel) => {
    onChange(value.filter((other) => other.id !== model.id))
    const name = modelName(model, locale)
    setSaid(t`Removed ${name}.`)
    input.current?.focus()
  }

  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ')
  return (
    <fieldset className="admin-picker">
      <legend>{label}</legend>
      {value.length > 0 ? (
        <ol className="admin-picker__chosen" aria-label={t`Chosen`}>
          {value.map((model) => {
            const name = modelName(model, locale)
            return (
              <li key={model.id}>
                <span>{name}</span>{' '}
                <button
                  type="button"
                  className="admin-button admin-button--secondary admin-button--small"
                  aria-label={t`Remove ${name}`}
                  onClick={() => remove(model)}
                >
                  <Trans>Remove</Trans>
                </button>
              </li>
            )
          })}
        </ol>
      ) : (
        <p className="admin-picker__none">
          <Trans>None chosen yet.</Trans>
        </p>
      )}
      <div className="admin-field">
        <label htmlFor={`${id}-q`}>
          <Trans>Find a model by name or SKU</Trans>
        </label>
        <input
          ref={input}
          id={`${id}-q`}
          type="search"
          value={typed}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          aria-controls={`${id}-found`}
          onChange={(event) => {
            setTyped(event.currentTarget.value)
            setSaid('')
          }}
          onKeyDown={(event) => {
            // Enter in the search adds nothing and submits nothing: the form around it is saved by its own button.
            if (event.key === 'Enter') event.preventDefault()
          }}
        />
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
      {found.isError ? <ErrorNotice error={found.error} /> : null}
      <ul id={`${id}-found`} className="admin-picker__found" aria-label={t`Found`} aria-busy={found.isFetching}>
        {items.map((model) => {
          const taken = chosen.has(model.id)
          const refused = exclude.includes(model.id)
          const name = modelName(model, locale)
          return (
            <li key={model.id}>
              <span>{name}</span> <span className="admin-picker__id">{model.id}</span>{' '}
              {taken ? (
                <span className="admin-picker__taken">
                  <Trans>(chosen)</Trans>
                </span>
              ) : null}{' '}
              <button
                type="button"
                className="admin-button admin-button--small"
                aria-label={t`Add ${name}`}
                disabled={taken || refused || full}
                onClick={() => add(model)}
              >
                <Trans>Add</Trans>
              </button>
            </li>
          )
        })}
      </ul>
      <p role="status" className="admin-field__hint">
        {said ||
          (q.length === 0
            ? ''
            : found.isPending
              ? t`Searching…`
              : items.length === 0
                ? t`No model matches “${q}”.`
                : full
                  ? t`${chosenCount} chosen: the most there may be.`
                  : '')}
      </p>
    </fieldset>
  )
}
