import { useStore } from '@tanstack/react-form'
import { useCallback, useEffect, useRef, useState } from 'react'
import { SHOP_FORM, useAppForm } from '~/forms/form'
import { checkoutDraft, checkoutValues, type CheckoutStart, type CheckoutValues } from './checkout-form'
import { readCheckoutDraft, sessionStore, writeCheckoutDraft } from './draft'
import type { Quote } from './types'

/**
 * The tab's draft (issue 17): the form's first values come from it, and every change is kept in it, so a reload or
 * a trip back to the cart loses nothing. Without `withDraft` (the server's render) nothing is read or written.
 */
export function useCheckoutDraft(withDraft: boolean, start: CheckoutStart) {
  const [initial] = useState(() => checkoutValues(withDraft ? readCheckoutDraft(sessionStore()) : null, start))
  const keep = useCallback(
    (values: CheckoutValues) => {
      if (withDraft) writeCheckoutDraft(sessionStore(), checkoutDraft(values))
    },
    [withDraft],
  )
  return { initial, keep }
}

/** The checkout form on the app's form hook, started from the draft and kept in it. */
export function useCheckoutForm(
  withDraft: boolean,
  start: CheckoutStart,
  onSubmit: (values: CheckoutValues, quoted: Quote | null) => Promise<void>,
) {
  const draft = useCheckoutDraft(withDraft, start)
  const form = useAppForm({
    ...SHOP_FORM,
    defaultValues: draft.initial,
    // The quote the shopper sees when pressing "Place order": its total is the one the order expects.
    onSubmitMeta: { quoted: null } as { quoted: Quote | null },
    onSubmit: ({ value, meta }) => onSubmit(value, meta.quoted),
  })
  const values = useStore(form.store, (state) => state.values)
  /** The order being placed (the submit awaits it until the next page). */
  const placing = useStore(form.store, (state) => state.isSubmitting)
  const { keep } = draft
  useEffect(() => keep(values), [keep, values])
  return { form, values, placing }
}

export type CheckoutForm = ReturnType<typeof useCheckoutForm>['form']

/**
 * A guest's choice to go on without logging in; then the focus goes to the first field, the e-mail (it fell to the
 * body when the dialog closed). A restored choice moves no focus.
 */
export function useGuestChoice(form: CheckoutForm) {
  const guestChoice = useStore(form.store, (state) => state.values.guestChoice)
  const emailRef = useRef<HTMLInputElement>(null)
  const focusContact = useRef(false)
  useEffect(() => {
    if (!guestChoice || !focusContact.current) return
    focusContact.current = false
    emailRef.current?.focus()
  }, [guestChoice])
  const continueAsGuest = () => {
    focusContact.current = true
    form.setFieldValue('guestChoice', true)
  }
  return { emailRef, continueAsGuest }
}
