// @vitest-environment jsdom
import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AccountFailure } from '~/account/account-result'
import type { AddressInput } from '~/domain/address'
import { AddressForm } from './AddressForm'

const bangkok = { name: 'Bangkok', nameTh: 'กรุงเทพมหานคร', nameEn: 'Bangkok' }

/** While `wait` is set, the postcode lookup answers only once it settles (a slow network). */
const postcodeLookup = vi.hoisted(() => ({ wait: null as Promise<void> | null }))

// The server functions are replaced by small fakes: the form only needs their answers.
vi.mock('~/account/address.functions', () => ({
  checkAddress: vi.fn(async () => ({})),
  thaiPostcodePlaces: vi.fn(async ({ data }: { data: { postcode: string } }) => {
    if (postcodeLookup.wait) await postcodeLookup.wait
    return data.postcode === '10110'
      ? [{ province: 'Bangkok', district: 'Khlong Toei', subDistrict: 'Khlong Tan', postcode: '10110' }]
      : []
  }),
  thaiProvincesQuery: (lang: string) => ({
    queryKey: ['geo', 'th', 'provinces', lang],
    queryFn: async () => [bangkok],
  }),
  thaiDistrictsQuery: (lang: string, province: string) => ({
    queryKey: ['geo', 'th', 'districts', lang, province],
    queryFn: async () => [{ name: 'Khlong Toei', nameTh: 'คลองเตย', nameEn: 'Khlong Toei' }],
    enabled: province !== '',
  }),
  thaiSubDistrictsQuery: (lang: string, province: string, district: string) => ({
    queryKey: ['geo', 'th', 'sub-districts', lang, province, district],
    queryFn: async () => [{ name: 'Khlong Tan', nameTh: 'คลองตัน', nameEn: 'Khlong Tan', postcodes: ['10110'] }],
    enabled: province !== '' && district !== '',
  }),
}))

function renderForm(onSubmit: (values: AddressInput) => Promise<AccountFailure | null> = async () => null) {
  const i18n = setupI18n()
  i18n.loadAndActivate({ locale: 'en', messages: {} })
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={i18n}>
        <AddressForm submitLabel="Save address" onSubmit={onSubmit} />
      </I18nProvider>
    </QueryClientProvider>,
  )
  return { user: userEvent.setup() }
}

const REQUIRED = 'THIS FIELD IS REQUIRED.'
const NAME_TOO_LONG = 'First name / Last name cannot exceed 50 characters.'

afterEach(() => {
  cleanup()
  postcodeLookup.wait = null
})

describe('AddressForm', () => {
  it('says a first name left empty is required once the field is left', async () => {
    const { user } = renderForm()
    await user.click(screen.getByLabelText(/^First name/))
    expect(screen.queryByText(REQUIRED)).toBeNull()
    await user.tab()
    expect(await screen.findByText(REQUIRED)).toBeTruthy()
    expect(screen.getByLabelText(/^First name/).getAttribute('aria-invalid')).toBe('true')
  })

  it('says a 51-character first name is too long once the field is left', async () => {
    const { user } = renderForm()
    await user.type(screen.getByLabelText(/^First name/), 'a'.repeat(51))
    await user.tab()
    expect(await screen.findByText(NAME_TOO_LONG)).toBeTruthy()
  })

  it('says nothing while the shopper is still typing', async () => {
    const { user } = renderForm()
    await user.type(screen.getByLabelText(/^First name/), 'a'.repeat(51))
    expect(screen.queryByText(NAME_TOO_LONG)).toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('shows every missing field and the form message on an empty submit, without saving', async () => {
    const onSubmit = vi.fn(async () => null)
    const { user } = renderForm(onSubmit)
    await user.click(screen.getByRole('button', { name: 'Save address' }))
    expect(await screen.findByText('Please complete the information.')).toBeTruthy()
    expect(screen.getAllByText(REQUIRED).length).toBeGreaterThan(5)
    expect(onSubmit).not.toHaveBeenCalled()
    expect(document.activeElement).toBe(screen.getByLabelText(/^First name/))
  })

  it('shows every missing field on submit even after one field was left with an error', async () => {
    const { user } = renderForm()
    await user.click(screen.getByLabelText(/^First name/))
    await user.tab()
    expect(await screen.findAllByText(REQUIRED)).toHaveLength(1)
    await user.click(screen.getByRole('button', { name: 'Save address' }))
    await waitFor(() => expect(screen.getAllByText(REQUIRED).length).toBeGreaterThan(5))
    expect(screen.getByText('Please complete the information.')).toBeTruthy()
  })

  it('fills the place of a Thai postcode that has only one', async () => {
    const { user } = renderForm()
    await user.type(screen.getByLabelText(/^Postal code/), '10110')
    await waitFor(() => expect((screen.getByLabelText(/^Province/) as HTMLSelectElement).value).toBe('Bangkok'))
    expect((screen.getByLabelText(/^District/) as HTMLSelectElement).value).toBe('Khlong Toei')
    expect((screen.getByLabelText(/^Sub-district/) as HTMLSelectElement).value).toBe('Khlong Tan')
  })

  it('saves when Save is pressed while the postcode is still being looked up, without waiting for it', async () => {
    let answer = () => {}
    postcodeLookup.wait = new Promise<void>((resolve) => {
      answer = resolve
    })
    const onSubmit = vi.fn(async () => null)
    const { user } = renderForm(onSubmit)
    await user.type(screen.getByLabelText(/^First name/), 'Nida')
    await user.type(screen.getByLabelText(/^Last name/), 'Test')
    await user.type(screen.getByLabelText(/^Phone number/), '081 234 5678')
    await user.type(screen.getByLabelText(/^Email/), 'nida@example.com')
    await user.selectOptions(await screen.findByLabelText(/^Province/), 'Bangkok')
    await waitFor(() => expect(screen.getByRole('option', { name: 'Khlong Toei' })).toBeTruthy())
    await user.selectOptions(screen.getByLabelText(/^District/), 'Khlong Toei')
    await waitFor(() => expect(screen.getByRole('option', { name: 'Khlong Tan' })).toBeTruthy())
    // Picking the sub-district fills its only postcode, and the postcode's check goes to the (slow) API.
    await user.selectOptions(screen.getByLabelText(/^Sub-district/), 'Khlong Tan')
    expect((screen.getByLabelText(/^Postal code/) as HTMLInputElement).value).toBe('10110')
    await user.type(screen.getByLabelText(/^Address 1/), '99/1 Rama IV Road')
    await user.click(screen.getByRole('button', { name: 'Save address' }))
    // The check that the postcode exists is synchronous (decision 161): the submit never waits on the lookup (the
    // API checks the postcode against the place in any case); an async validator here could hang the submit.
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
    answer()
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        province: 'Bangkok',
        district: 'Khlong Toei',
        subDistrict: 'Khlong Tan',
        postcode: '10110',
      }),
    )
    expect(screen.queryByText('Please complete the information.')).toBeNull()
  })

  it('says a postcode of no place once its lookup answers, also when the field was left before', async () => {
    let answer = () => {}
    postcodeLookup.wait = new Promise<void>((resolve) => {
      answer = resolve
    })
    const { user } = renderForm()
    const postcode = screen.getByLabelText(/^Postal code/)
    await user.type(postcode, '99999')
    await user.tab()
    expect(screen.queryByText('POSTAL CODE NOT FOUND.')).toBeNull()
    answer()
    expect(await screen.findByText('POSTAL CODE NOT FOUND.')).toBeTruthy()
    // A real postcode clears it as soon as the field is left again.
    postcodeLookup.wait = null
    await user.clear(postcode)
    await user.type(postcode, '10110')
    await user.tab()
    await waitFor(() => expect(screen.queryByText('POSTAL CODE NOT FOUND.')).toBeNull())
  })

  it('shows the fields the API refused beside them', async () => {
    const onSubmit = vi.fn(async (): Promise<AccountFailure> => ({
      ok: false,
      status: 422,
      reason: 'INVALID_INPUT',
      fields: { postcode: 'invalid' },
    }))
    const { user } = renderForm(onSubmit)
    await user.type(screen.getByLabelText(/^First name/), 'Mei')
    await user.type(screen.getByLabelText(/^Last name/), 'Tan')
    await user.type(screen.getByLabelText(/^Phone number/), '+65 9123 4567')
    await user.type(screen.getByLabelText(/^Email/), 'mei@example.com')
    await user.selectOptions(screen.getByLabelText(/^Country/), 'SG')
    await user.type(screen.getByLabelText(/^City/), 'Singapore')
    await user.type(screen.getByLabelText(/^Postal code/), '238801')
    await user.type(screen.getByLabelText(/^Address 1/), '1 Orchard Road')
    await user.click(screen.getByRole('button', { name: 'Save address' }))
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ country: 'SG', district: 'Singapore', postcode: '238801', province: '' }),
    )
    expect(await screen.findByText('THIS FIELD IS NOT VALID.')).toBeTruthy()
    expect(screen.getByText('Please complete the information.')).toBeTruthy()
    expect(document.activeElement).toBe(screen.getByLabelText(/^Postal code/))
  })
})
