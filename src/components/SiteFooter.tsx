import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { BRAND_NAME } from '~/brand'
import { ManageCookiesLink } from '~/consent/ConsentGate'

export function SiteFooter() {
  const { t } = useLingui()
  const year = new Date().getFullYear()
  return (
    <footer className="site-footer">
      <nav aria-label={t`Footer`}>
        <ul className="site-footer__links">
          <li>
            <Link to="/terms-and-conditions">
              <Trans>Terms of use</Trans>
            </Link>
          </li>
          <li>
            <Link to="/privacy-policy">
              <Trans>Privacy policy</Trans>
            </Link>
          </li>
          <li>
            <Link to="/delivery">
              <Trans>Delivery</Trans>
            </Link>
          </li>
          <li>
            <ManageCookiesLink />
          </li>
        </ul>
      </nav>
      <p className="site-footer__copy">
        © {year} {BRAND_NAME}
      </p>
    </footer>
  )
}
