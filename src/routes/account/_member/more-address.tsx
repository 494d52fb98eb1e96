import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { useId, useRef, useState } from 'react'
import type { AccountFailure } from '~/account/account-result'
import { addressesQuery, type SavedAddress } from '~/account/address.functions'
import { useAddressBook } from '~/account/address.mutations'
import { AddressForm } from '~/account/components/AddressForm'
import { failureMessage } from '~/account/failure-message'
import { ACCOUNT_MESSAGES } from '~/account/messages'
import { Modal } from '~/components/Modal'
import { PageHeading } from '~/components/PageHeading'
import type { AddressInput } from '~/domain/address-core'
import { PostalAddress } from '~/components/PostalAddress'
import { useLocale } from '~/i18n/use-locale'
import { pageHead } from '~/seo/page-head'

export const Route = createFileRoute('/account/_member/more-address')({
  loader: ({ context }) => context.queryClient.ensureQueryData(addressesQuery()),
  head: ({ match }) => pageHead(match.context.i18n, msg`Address book`, msg`Your saved delivery addresses.`),
  component: AddressBookPage,
})

function fullName(address: SavedAddress): string {
  return `${address.firstname} ${address.lastname}`.trim()
}

/** Which address a button acts on, for its accessible name: the name and the first line. */
function whose(address: SavedAddress): string {
  return [fullName(address), address.address].filter(Boolean).join(', ')
}

/** The saved addresses (§6): list, add, edit, remove, choose the default. */
function AddressBookPage() {
  const { t, i18n } = useLingui()
  const locale = useLocale()
  const { data } = useSuspenseQuery(addressesQuery())
  const addresses = [...data].sort((a, b) => Number(b.isDefault) - Number(a.isDefault))

  /** The open form: a new address, the id of the address being edited, or none. */
  const [editing, setEditing] = useState<'new' | string | null>(null)
  const [makeDefault, setMakeDefault] = useState(false)
  const [removing, setRemoving] = useState<SavedAddress | null>(null)
  const [removeError, setRemoveError] = useState<string | null>(null)
  const [busyId, book] = useAddressBook()
  const [listError, setListError] = useState<string | null>(null)
  const [status, setStatus] = useState('')
  /** Where focus goes once the remove dialog has closed (its own return target may be gone). */
  const focusAfterDialog = useRef<string | null>(null)

  const baseId = useId()
  const addButtonId = `${baseId}-add`
  const newSectionId = `${baseId}-new`
  const newTitleId = `${baseId}-new-title`
  const defaultCheckId = `${baseId}-default`
  const editButtonId = (id: string) => `${baseId}-edit-${id}`
  const nameId = (id: string) => `${baseId}-name-${id}`

  const somethingWrong = () => i18n._(ACCOUNT_MESSAGES.somethingWrong)
  const focus = (id: string) => document.getElementById(id)?.focus()

  /**
   * Says the outcome in the polite live region. The same words as before are replaced for a moment by a
   * no-break space, so that screen readers read them again, while the box keeps its height: emptying it
   * would move the whole list up and down a line, under the pointer of a shopper about to click.
   */
  function announce(message: string) {
    setStatus((current) => (current === message ? '\u00a0' : message))
    window.setTimeout(() => setStatus(message), 100)
  }

  function openForm(target: 'new' | SavedAddress) {
    setListError(null)
    if (target === 'new') {
      setMakeDefault(addresses.length === 0)
      setEditing((current) => (current === 'new' ? null : 'new'))
    } else {
      setEditing((current) => (current === target.id ? null : target.id))
    }
  }

  function closeForm(returnTo: string) {
    setEditing(null)
    focus(returnTo)
  }

  async function saveNew(values: AddressInput): Promise<AccountFailure | null> {
    const result = await book.add(values, makeDefault)
    if (!result.ok) return result
    closeForm(addButtonId)
    announce(t`Address saved.`)
    return null
  }

  async function saveEdit(address: SavedAddress, values: AddressInput): Promise<AccountFailure | null> {
    const result = await book.update(address.id, values)
    if (!result.ok) return result
    closeForm(editButtonId(address.id))
    announce(t`Address saved.`)
    return null
  }

  async function chooseDefault(address: SavedAddress) {
    setListError(null)
    try {
      const result = await book.setDefault(address.id)
      if (!result.ok) {
        setListError(failureMessage(result, i18n, locale))
        return
      }
      // Its 'Set as default' button is gone: keep focus on the same card.
      focus(editButtonId(address.id))
      announce(t`Default address changed.`)
    } catch {
      setListError(somethingWrong())
    }
  }

  function askRemove(address: SavedAddress) {
    setListError(null)
    setRemoveError(null)
    setRemoving(address)
  }

  async function confirmRemove() {
    if (!removing) return
    const address = removing
    setRemoveError(null)
    try {
      const result = await book.remove(address.id)
      if (!result.ok) {
        setRemoveError(failureMessage(result, i18n, locale))
        return
      }
      if (editing === address.id) setEditing(null)
      focusAfterDialog.current = addButtonId
      setRemoving(null)
      announce(t`Address removed.`)
    } catch {
      setRemoveError(somethingWrong())
    }
  }

  function onDialogClosed() {
    setRemoving(null)
    const target = focusAfterDialog.current
    focusAfterDialog.current = null
    if (target) focus(target)
  }

  return (
    <div className="address-book">
      <p className="address-book__back">
        {/* Not the current page: only /account itself is (issue 29, item 23). */}
        <Link to="/account" className="link-button" activeOptions={{ exact: true }}>
          <span aria-hidden="true">← </span>
          <Trans>Back</Trans>
        </Link>
      </p>
      <PageHeading lead={<Trans>Your saved delivery addresses.</Trans>}>{<Trans>Address book</Trans>}</PageHeading>

      <p className="address-book__status" role="status" aria-live="polite">
        {status}
      </p>
      {listError ? (
        <p className="address-book__error" role="alert">
          {listError}
        </p>
      ) : null}

      <h2 className="address-book__title">
        <Trans>Saved addresses</Trans>
      </h2>
      {addresses.length === 0 ? (
        <p className="address-book__empty">
          <Trans>You have no saved address yet.</Trans>
        </p>
      ) : (
        <ul className="address-book__list">
          {addresses.map((address) => {
            const isEditing = editing === address.id
            const busy = busyId === address.id
            const who = whose(address)
            const taxId = address.taxId
            return (
              <li key={address.id}>
                <article
                  className={`address-card${address.isDefault ? ' address-card--default' : ''}`}
                  aria-labelledby={nameId(address.id)}
                >
                  <div className="address-card__head">
                    <h3 id={nameId(address.id)} className="address-card__name">
                      {fullName(address)}
                    </h3>
                    {address.isDefault ? (
                      <span className="address-card__badge">
                        <Trans>Default</Trans>
                      </span>
                    ) : null}
                  </div>
                  <div className="address-card__lines">
                    <p>{address.telephoneDisplay ?? address.telephoneNumber}</p>
                    {address.email ? <p>{address.email}</p> : null}
                    <PostalAddress address={address} named={false} />
                    {taxId ? (
                      <p>
                        <Trans>Tax ID: {taxId}</Trans>
                      </p>
                    ) : null}
                  </div>
                  <div className="address-card__actions">
                    <button
                      id={editButtonId(address.id)}
                      type="button"
                      className="link-button"
                      aria-label={t`Edit address of ${who}`}
                      aria-expanded={isEditing}
                      onClick={() => openForm(address)}
                    >
                      <Trans>Edit</Trans>
                    </button>
                    {isEditing ? null : (
                      <>
                        <button
                          type="button"
                          className="link-button"
                          aria-label={t`Remove address of ${who}`}
                          disabled={busy}
                          onClick={() => askRemove(address)}
                        >
                          <Trans>Remove</Trans>
                        </button>
                        {address.isDefault ? null : (
                          <button
                            type="button"
                            className="link-button"
                            aria-label={t`Set as default: address of ${who}`}
                            disabled={busy}
                            aria-busy={busy || undefined}
                            onClick={() => void chooseDefault(address)}
                          >
                            <Trans>Set as default</Trans>
                          </button>
                        )}
                      </>
                    )}
                  </div>
                  {isEditing ? (
                    <div className="address-card__form">
                      <AddressForm
                        initial={address}
                        submitLabel={<Trans>Save address</Trans>}
                        onSubmit={(values) => saveEdit(address, values)}
                        onCancel={() => closeForm(editButtonId(address.id))}
                      />
                    </div>
                  ) : null}
                </article>
              </li>
            )
          })}
        </ul>
      )}

      <div className="address-book__add">
        <button
          id={addButtonId}
          type="button"
          className="button button--solid"
          aria-expanded={editing === 'new'}
          aria-controls={editing === 'new' ? newSectionId : undefined}
          onClick={() => openForm('new')}
        >
          <Trans>Add a new address</Trans>
        </button>
      </div>
      {editing === 'new' ? (
        <section id={newSectionId} className="address-book__new" aria-labelledby={newTitleId}>
          <h2 id={newTitleId} className="address-book__title">
            <Trans>New address</Trans>
          </h2>
          <AddressForm
            submitLabel={<Trans>Save address</Trans>}
            onSubmit={saveNew}
            onCancel={() => closeForm(addButtonId)}
          >
            <div className="field field--check">
              <input
                id={defaultCheckId}
                name="isDefault"
                type="checkbox"
                checked={makeDefault}
                onChange={(event) => setMakeDefault(event.target.checked)}
              />
              <label htmlFor={defaultCheckId}>
                <Trans>Make this my default address</Trans>
              </label>
            </div>
          </AddressForm>
        </section>
      ) : null}

      <Modal
        open={removing !== null}
        onClose={onDialogClosed}
        title={<Trans>Are you sure to remove this address?</Trans>}
      >
        {removing ? (
          <p className="address-book__confirm-summary">
            {whose(removing)}
            {removing.isDefault ? (
              <>
                {' · '}
                <Trans>Default</Trans>
              </>
            ) : null}
          </p>
        ) : null}
        {removeError ? (
          <p className="address-book__error" role="alert">
            {removeError}
          </p>
        ) : null}
        <div className="address-book__confirm-actions">
          <button
            type="button"
            className="button button--solid"
            disabled={removing !== null && busyId === removing.id}
            aria-busy={(removing !== null && busyId === removing.id) || undefined}
            onClick={() => void confirmRemove()}
          >
            <Trans>Remove</Trans>
          </button>
          <button type="button" className="button" onClick={() => setRemoving(null)}>
            <Trans>Cancel</Trans>
          </button>
        </div>
      </Modal>
    </div>
  )
}
