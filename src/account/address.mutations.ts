import { useQueryClient } from '@tanstack/react-query'
import type { AddressInput } from '~/domain/address-core'
import { usePendingFor } from '~/forms/use-pending-for'
import type { AccountResult } from './account-result'
import { addAddress, removeAddress, setDefaultAddress, updateAddress } from './address-book.functions'
import { addressesQuery } from './address.functions'

/**
 * The address book's changes (§6), a hook of the cart's shape (src/cart/cart.mutations.ts): `[busyId, actions]`,
 * `busyId` the id of the address an action runs for ('new' while one is added). Each action calls its server
 * function and, when the address book took the change, reads the addresses again before it hands the answer back.
 */
export function useAddressBook() {
  const queryClient = useQueryClient()
  const [busyId, whilePendingFor] = usePendingFor<string>()
  const change = <T extends AccountResult<object>>(id: string, send: () => Promise<T>) =>
    whilePendingFor(id, async () => {
      const result = await send()
      if (result.ok) await queryClient.invalidateQueries({ queryKey: addressesQuery().queryKey })
      return result
    })
  const actions = {
    add: (address: AddressInput, isDefault: boolean) =>
      change('new', () => addAddress({ data: { address, isDefault } })),
    update: (id: string, address: AddressInput) => change(id, () => updateAddress({ data: { id, address } })),
    setDefault: (id: string) => change(id, () => setDefaultAddress({ data: { id } })),
    remove: (id: string) => change(id, () => removeAddress({ data: { id } })),
  }
  return [busyId, actions] as const
}
