import { describe, expect, it } from 'vitest'
import { emptyAddress } from '~/domain/address-core'
import { checkoutDraft, checkoutValues, incompleteCheckout, type CheckoutValues } from './checkout-form'
import type { CheckoutDraft } from './draft'

const address = { ...emptyAddress('TH'), firstname: 'สมชาย', lastname: 'ใจดี', postcode: '10110' }
const member = { email: 'somchai@example.com', telephone: '0812345678' }
const start = { member: null, saved: [], paypalOffered: true }
const draft: CheckoutDraft = {
  email: 'draft@example.com',
  telephone: '0899999999',
  shipping: 'pickup',
  storeId: 'store-1',
  address,
  addressTyped: null,
  codeInput: 'NEW2',
  code: null,
  payment: 'paypal',
  guestChoice: true,
}

describe('the checkout form', () => {
  it('starts from the member and the default saved address when there is no draft', () => {
    const saved = [
      { ...address, firstname: 'First', isDefault: false },
      { ...address, firstname: 'Default', isDefault: true },
    ]
    const values = checkoutValues(null, { member, saved, paypalOffered: false })
    expect(values).toMatchObject({
      email: member.email,
      telephone: member.telephone,
      shipping: 'courier',
      storeId: '',
      address: saved[1],
      addressTyped: null,
      editingAddress: false,
      codeInput: '',
      code: null,
      payment: 'card',
      guestChoice: false,
    })
    expect(checkoutValues(null, start)).toMatchObject({ email: '', address: null, editingAddress: true })
  })

  it('starts from the draft, keeping PayPal only while it is offered', () => {
    expect(checkoutValues(draft, { ...start, member })).toMatchObject({
      email: draft.email,
      shipping: 'pickup',
      storeId: 'store-1',
      address,
      editingAddress: false,
      payment: 'paypal',
      guestChoice: true,
    })
    expect(checkoutValues(draft, { ...start, paypalOffered: false }).payment).toBe('card')
    expect(checkoutValues({ ...draft, payment: 'cash' }, start).payment).toBe('card')
    expect(checkoutValues({ ...draft, payment: 'bank_transfer' }, start).payment).toBe('bank_transfer')
    // An address typed but not confirmed opens the address form again.
    expect(checkoutValues({ ...draft, addressTyped: address }, start).editingAddress).toBe(true)
  })

  it('keeps in the draft the address being edited as typed, a confirmed one as confirmed', () => {
    const values = checkoutValues(draft, start)
    expect(checkoutDraft(values)).toEqual({ ...draft, addressTyped: null })
    const typed = { ...address, address: '99/1' }
    expect(checkoutDraft({ ...values, editingAddress: true, addressTyped: typed })).toEqual({
      ...draft,
      address: null,
      addressTyped: typed,
    })
  })

  it('asks for the address, then the branch, then the contact', () => {
    const complete: CheckoutValues = { ...checkoutValues(draft, start), shipping: 'courier' }
    expect(incompleteCheckout(complete)).toBeNull()
    expect(incompleteCheckout({ ...complete, editingAddress: true, email: '' })).toEqual({
      reason: 'enterAddress',
      fields: {},
    })
    expect(incompleteCheckout({ ...complete, address: null })?.reason).toBe('enterAddress')
    expect(incompleteCheckout({ ...complete, shipping: 'pickup', storeId: '', email: '' })).toEqual({
      reason: 'selectBranch',
      fields: { storeId: 'required' },
    })
    expect(incompleteCheckout({ ...complete, shipping: 'pickup', address: null })).toBeNull()
    expect(incompleteCheckout({ ...complete, email: ' ', telephone: '' })).toEqual({
      reason: 'completeInformation',
      fields: { email: 'required', telephone: 'required' },
    })
    expect(incompleteCheckout({ ...complete, telephone: '  ' })).toEqual({
      reason: 'completeInformation',
      fields: { telephone: 'required' },
    })
  })
})
