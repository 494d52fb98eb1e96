import type { I18n, MessageDescriptor } from '@lingui/core'
import { BRAND_NAME } from '~/brand'

type Text = MessageDescriptor | string

function resolve(i18n: I18n, text: Text): string {
  return typeof text === 'string' ? text : i18n._(text)
}

/** A page's localised title and description, for a route's head(). */
export function pageHead(i18n: I18n, title: Text, description?: Text) {
  const titleText = resolve(i18n, title)
  const fullTitle = titleText ? `${titleText} | ${BRAND_NAME}` : BRAND_NAME
  const descriptionText = description ? resolve(i18n, description) : undefined
  return {
    meta: [
      { title: fullTitle },
      { property: 'og:title', content: fullTitle },
      ...(descriptionText
        ? [
            { name: 'description', content: descriptionText },
            { property: 'og:description', content: descriptionText },
          ]
        : []),
    ],
  }
}
