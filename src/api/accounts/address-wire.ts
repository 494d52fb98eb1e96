import type { z } from '@hono/zod-openapi'
import type { addressBody } from '~/contract/accounts'
import type { AddressInput } from '~/domain/address'

/** A postal address as the wire sends it (snake_case, `addressBody`), as the domain's rules and storage take it. */
export function addressInputOf(wire: z.infer<typeof addressBody>): AddressInput {
  return {
    firstname: wire.firstname,
    lastname: wire.lastname,
    telephoneNumber: wire.telephone_number,
    email: wire.email,
    taxId: wire.tax_id,
    address: wire.address,
    address2: wire.address2,
    country: wire.country,
    postcode: wire.postcode,
    subDistrict: wire.sub_district,
    district: wire.district,
    province: wire.province,
  }
}
