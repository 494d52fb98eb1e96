import { useRouteContext } from '@tanstack/react-router'
import type { Currency } from '~/domain/money'
import type { LocaleCode } from './locales'

/** The page's language. */
export function useLocale(): LocaleCode {
  return useRouteContext({ from: '__root__', select: (context) => context.boot.locale })
}

/** The shopper's currency: THB in Thailand, USD elsewhere (§4). */
export function useCurrency(): Currency {
  return useRouteContext({ from: '__root__', select: (context) => context.boot.region.ISOCurrencyCode })
}
