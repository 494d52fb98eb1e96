import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import type { ProductDetail } from '~/catalog/types'

/** 'Select your size' (§2): sold-out sizes stay visible but cannot be chosen. */
export function SizePicker({
  variants,
  selected,
  onSelect,
  error,
}: {
  variants: ProductDetail['variants']
  selected: string | undefined
  onSelect: (size: string) => void
  error: string | null
}) {
  const { t } = useLingui()
  const id = useId()
  return (
    <fieldset
      className="size-picker"
      aria-describedby={error ? `${id}-error` : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend>
        <Trans>Select your size</Trans>
      </legend>
      <div className="size-picker__options">
        {variants.map((variant) => {
          const label = variant.size === 'OS' ? t`One size` : variant.size
          return (
            <label key={variant.sku} className="size-option" data-sold-out={!variant.availableOnline || undefined}>
              <input
                type="radio"
                name={`${id}-size`}
                value={variant.size}
                checked={selected === variant.size && variant.availableOnline}
                disabled={!variant.availableOnline}
                onChange={() => onSelect(variant.size)}
              />
              <span>
                {label}
                {!variant.availableOnline ? <span className="visually-hidden"> {t`sold out`}</span> : null}
              </span>
            </label>
          )
        })}
      </div>
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}
