import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useNavigate, useRouteContext } from '@tanstack/react-router'
import { useDeferredValue, useId, useState, type FormEvent, type KeyboardEvent } from 'react'
import { suggestionsQuery } from '~/catalog/catalog.queries'
import { CatalogPicture } from '~/catalog/components/CatalogPicture'
import { SearchIcon } from '~/components/icons'
import { Price } from '~/components/Price'
import { useCurrency, useLocale } from '~/i18n/use-locale'
import { productLink } from '~/catalog/product-link'
import { routePath } from '~/routing/links'
import { bootSite } from '~/routing/location-links'

/** Suggestions start after this many characters. */
const SUGGEST_MIN_LENGTH = 2

/**
 * The search field with suggestions while typing (an ARIA combobox): arrow keys move through the
 * suggestions, Enter opens one or searches, Escape closes the list. The ARIA 1.2 combobox sits on an
 * `<input type="text">` (HTML allows the role on a text input, not on `type="search"`); `inputmode` still
 * brings the search keyboard, and the form is the search landmark. Product suggestions show a
 * thumbnail (decorative: the name beside it says what it is) and the price in the shopper's currency.
 */
export function SearchBox({ initialQuery = '', autoFocus = false }: { initialQuery?: string; autoFocus?: boolean }) {
  const { t } = useLingui()
  const locale = useLocale()
  const currency = useCurrency()
  const navigate = useNavigate()
  const { boot } = useRouteContext({ from: '__root__' })
  const id = useId()
  const [query, setQuery] = useState(initialQuery)
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const deferred = useDeferredValue(query.trim())
  const suggestions = useQuery({
    ...suggestionsQuery(deferred, locale, currency),
    enabled: open && deferred.length >= SUGGEST_MIN_LENGTH,
  })
  const items = open && deferred.length >= SUGGEST_MIN_LENGTH ? (suggestions.data?.suggestions ?? []) : []

  const go = (index: number) => {
    const item = items[index]
    setOpen(false)
    if (!item) return
    if (item.kind === 'category') void navigate({ to: '/category/$name', params: { name: item.id } })
    else {
      const familyId = item.familyId ?? item.id
      void navigate(productLink({ id: item.id, familyId, colorSlug: item.colorSlug ?? '' }))
    }
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (active >= 0) return go(active)
    const q = query.trim()
    setOpen(false)
    if (q) void navigate({ to: '/search', search: { q } })
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault()
      setOpen(true)
      setActive((index) => Math.min(items.length - 1, index + 1))
    } else if (event.key === 'ArrowUp') {
      event.preventDefault()
      setActive((index) => Math.max(-1, index - 1))
    } else if (event.key === 'Escape') {
      setOpen(false)
      setActive(-1)
    }
  }

  return (
    <form className="search-box" role="search" action={routePath({ to: '/search' }, bootSite(boot))} onSubmit={submit}>
      <label htmlFor={`${id}-input`} className="visually-hidden">
        {t`Search products`}
      </label>
      <input
        id={`${id}-input`}
        name="q"
        type="text"
        inputMode="search"
        role="combobox"
        aria-expanded={items.length > 0}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 ? `${id}-option-${active}` : undefined}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={100}
        placeholder={t`Search dresses, bags, linen…`}
        value={query}
        autoFocus={autoFocus}
        onChange={(event) => {
          setQuery(event.target.value)
          setOpen(true)
          setActive(-1)
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
      />
      <button type="submit" className="icon-button" aria-label={t`Search`}>
        <SearchIcon />
      </button>
      <ul id={`${id}-list`} role="listbox" className="search-box__list" hidden={items.length === 0}>
        {items.map((item, index) => (
          <li
            key={`${item.kind}-${item.id}`}
            id={`${id}-option-${index}`}
            role="option"
            aria-selected={index === active}
            onMouseDown={(event) => {
              event.preventDefault()
              go(index)
            }}
          >
            {item.image ? (
              <span className="search-box__thumb" aria-hidden="true">
                <CatalogPicture image={{ ...item.image, alt: '' }} sizes="40px" widths={[80]} />
              </span>
            ) : null}
            <span className="search-box__kind">{item.kind === 'category' ? t`Category` : t`Product`}</span>
            <span className="search-box__name">{item.name}</span>
            {item.price ? (
              <span className="search-box__price">
                <Price price={item.price} />
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </form>
  )
}
