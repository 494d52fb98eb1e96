import { and, asc, desc, eq, ne, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { memberAddresses, type MemberAddressRow } from '~/db/schema'
import { normaliseAddress, validateAddress, type AddressInput } from '~/domain/address'
import { getThaiPostal } from '~/geo/thai-postal.server'
import { ApiError } from '~/api/errors'

/** A member keeps at most this many addresses (a book, not a dump). */
export const MAX_ADDRESSES = 20

export type AddressView = AddressInput & { id: string; isDefault: boolean }

function toView(row: MemberAddressRow): AddressView {
  return {
    id: row.id,
    isDefault: row.isDefault,
    firstname: row.firstname,
    lastname: row.lastname,
    telephoneNumber: row.telephoneNumber,
    email: row.email,
    taxId: row.taxId,
    address: row.address,
    address2: row.address2,
    country: row.country,
    postcode: row.postcode,
    subDistrict: row.subDistrict,
    district: row.district,
    province: row.province,
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Checks an address with every rule of §5, including the Thai postal data; throws 400 with field codes. */
export async function checkAddress(input: AddressInput): Promise<AddressInput> {
  const values = normaliseAddress(input)
  const errors = validateAddress(values, { thai: await getThaiPostal() })
  const fields = Object.fromEntries(Object.entries(errors).filter(([, code]) => code))
  if (Object.keys(fields).length > 0) {
    throw new ApiError(400, 'INVALID_INPUT', 'Please complete the information.', { fields })
  }
  return values
}

/** The address book of §2/§3: list, add, edit, remove, one default per member. */
export class AddressService {
  constructor(private readonly db: Db) {}

  async list(memberId: string): Promise<AddressView[]> {
    const rows = await this.db
      .select()
      .from(memberAddresses)
      .where(eq(memberAddresses.memberId, memberId))
      .orderBy(desc(memberAddresses.isDefault), asc(memberAddresses.createdAt))
    return rows.map(toView)
  }

  async add(memberId: string, input: AddressInput, makeDefault: boolean): Promise<AddressView> {
    const values = await checkAddress(input)
    return this.db.transaction(async (tx) => {
      const [{ count } = { count: 0 }] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(memberAddresses)
        .where(eq(memberAddresses.memberId, memberId))
      if (count >= MAX_ADDRESSES) {
        throw new ApiError(409, 'LIMIT_REACHED', `At most ${MAX_ADDRESSES} addresses can be saved`)
      }
      const isDefault = makeDefault || count === 0
      if (isDefault) {
        await tx.update(memberAddresses).set({ isDefault: false }).where(eq(memberAddresses.memberId, memberId))
      }
      const [row] = await tx
        .insert(memberAddresses)
        .values({ ...values, memberId, isDefault })
        .returning()
      if (!row) throw new Error('Address not stored')
      return toView(row)
    })
  }

  async update(memberId: string, id: string, input: AddressInput): Promise<AddressView> {
    const values = await checkAddress(input)
    if (!UUID.test(id)) throw new ApiError(404, 'NOT_FOUND', 'No such address')
    const [row] = await this.db
      .update(memberAddresses)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(memberAddresses.id, id), eq(memberAddresses.memberId, memberId)))
      .returning()
    if (!row) throw new ApiError(404, 'NOT_FOUND', 'No such address')
    return toView(row)
  }

  /** Removes an address; when it was the default, the oldest remaining one becomes the default. */
  async remove(memberId: string, id: string): Promise<void> {
    if (!UUID.test(id)) throw new ApiError(404, 'NOT_FOUND', 'No such address')
    await this.db.transaction(async (tx) => {
      const [removed] = await tx
        .delete(memberAddresses)
        .where(and(eq(memberAddresses.id, id), eq(memberAddresses.memberId, memberId)))
        .returning({ isDefault: memberAddresses.isDefault })
      if (!removed) throw new ApiError(404, 'NOT_FOUND', 'No such address')
      if (!removed.isDefault) return
      const [next] = await tx
        .select({ id: memberAddresses.id })
        .from(memberAddresses)
        .where(eq(memberAddresses.memberId, memberId))
        .orderBy(asc(memberAddresses.createdAt))
        .limit(1)
      if (next) await tx.update(memberAddresses).set({ isDefault: true }).where(eq(memberAddresses.id, next.id))
    })
  }

  async setDefault(memberId: string, id: string): Promise<AddressView> {
    if (!UUID.test(id)) throw new ApiError(404, 'NOT_FOUND', 'No such address')
    return this.db.transaction(async (tx) => {
      const [target] = await tx
        .select({ id: memberAddresses.id })
        .from(memberAddresses)
        .where(and(eq(memberAddresses.id, id), eq(memberAddresses.memberId, memberId)))
      if (!target) throw new ApiError(404, 'NOT_FOUND', 'No such address')
      await tx
        .update(memberAddresses)
        .set({ isDefault: false })
        .where(and(eq(memberAddresses.memberId, memberId), ne(memberAddresses.id, id)))
      const [row] = await tx
        .update(memberAddresses)
        .set({ isDefault: true })
        .where(eq(memberAddresses.id, id))
        .returning()
      if (!row) throw new ApiError(404, 'NOT_FOUND', 'No such address')
      return toView(row)
    })
  }
}
