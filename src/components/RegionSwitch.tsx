import { useLingui } from '@lingui/react/macro'
import { useLocation, useRouteContext } from '@tanstack/react-router'

/** Shows the shopper's currency and lets them change region: THB in Thailand, USD elsewhere (§4, §9). */
export function RegionSwitch() {
  const { t } = useLingui()
  const { boot } = useRouteContext({ from: '__root__' })
  const location = useLocation()
  const inThailand = boot.region.ISOCurrencyCode === 'thb'
  const params = new URLSearchParams(location.searchStr)
  params.set('region', inThailand ? 'US' : 'TH')
  const label = inThailand ? t`Shop internationally in US dollars` : t`Shop in Thailand in baht`
  return (
    <div className="region">
      <span className="region__current" title={boot.region.country}>
        <span className="visually-hidden">{t`Currency`}: </span>
        {boot.region.ISOCurrencySymbol} {boot.region.ISOCurrencyCode.toUpperCase()}
      </span>
      {/* The visible code starts the link's name (WCAG 2.5.3): a voice user can say what they see. */}
      <a className="region__change" href={`?${params.toString()}`} title={label}>
        {inThailand ? 'USD' : 'THB'}
        <span className="visually-hidden"> – {label}</span>
      </a>
    </div>
  )
}
