import type { I18n, MessageDescriptor } from '@lingui/core'
import { fullTitle, shareTextMeta } from './share'

type Text = MessageDescriptor | string

function resolve(i18n: I18n, text: Text): string {
  return typeof text === 'string' ? text : i18n._(text)
}

/**
 * A page's localised title and description, for a route's head(), with their Open Graph and Twitter card tags.
 * The root route sets the rest (URL, type, locale, site name, the default picture, the card type).
 */
export function pageHead(i18n: I18n, title: Text, description?: Text) {
  const titleText = fullTitle(resolve(i18n, title))
  const descriptionText = description ? resolve(i18n, description) : undefined
  return { meta: [{ title: titleText }, ...shareTextMeta(titleText, descriptionText)] }
}
