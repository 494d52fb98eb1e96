import type { AddressInput } from '~/domain/address-core'
import { countryName } from '~/domain/countries'
import { useLocale } from '~/i18n/use-locale'

type PostalFields = Pick<
  AddressInput,
  'firstname' | 'lastname' | 'address' | 'address2' | 'subDistrict' | 'district' | 'province' | 'postcode' | 'country'
>

/**
 * An address as the post writes it: the name, the street (and its second line), the place down to the postcode, and
 * the country in the shopper's language, followed by the telephone when given. The one way the pages show a postal
 * address (checkout, the account page, the address book, the order page; docs/decisions/178). `named` false leaves
 * the name out where the page shows it already (the address book's card heading).
 */
export function PostalAddress({
  address,
  telephone,
  named = true,
}: {
  address: PostalFields
  telephone?: string
  named?: boolean
}) {
  const locale = useLocale()
  return (
    <address className="account-address">
      {named ? (
        <>
          {address.firstname} {address.lastname}
          <br />
        </>
      ) : null}
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
