import type { AddressInput } from '~/domain/address-core'
import { countryName } from '~/domain/countries'
import { useLocale } from '~/i18n/use-locale'

type PostalFields = Pick<
  AddressInput,
  'firstname' | 'lastname' | 'address' | 'address2' | 'subDistrict' | 'district' | 'province' | 'postcode' | 'country'
>

/**
 * An address as the post writes it: the name, the street (and its second line), the place down to the postcode, and
 * the country in the shopper's language, followed by the telephone when given.
 */
export function PostalAddress({ address, telephone }: { address: PostalFields; telephone?: string }) {
  const locale = useLocale()
  return (
    <address className="account-address">
      {address.firstname} {address.lastname}
      <br />
      {address.address}
      {address.address2 ? `, ${address.address2}` : ''}
      <br />
      {[address.subDistrict, address.district, address.province, address.postcode].filter(Boolean).join(', ')}
      <br />
      {countryName(address.country, locale)}
      {telephone === undefined ? null : ` · ${telephone}`}
    </address>
  )
}
