import { useLingui } from '@lingui/react/macro'
import { QrCode } from '~/components/QrCode'

/** The PromptPay QR code of a payload; `amount` is the formatted amount, for the accessible name. */
export function PromptPayQr({ payload, amount }: { payload: string; amount: string }) {
  const { t } = useLingui()
  return <QrCode payload={payload} label={t`PromptPay QR code for ${amount}`} />
}
