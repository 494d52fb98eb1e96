import { createFileRoute } from '@tanstack/react-router'
import { env } from '../../app.config'
import { createI18n } from '~/i18n/catalogs'
import { manifestLocale, webManifest } from '~/pwa/web-manifest'

/**
 * The installable shop's manifest (issue 19, item 6; docs/decisions/032), in the language `?lang=` names: every page
 * links the one of its own language. Nothing personal, so every cache may keep it for a day.
 */
export const Route = createFileRoute('/manifest.webmanifest')({
  server: {
    handlers: {
      GET: async ({ request }): Promise<Response> => {
        const locale = manifestLocale(new URL(request.url).searchParams.get('lang'), env.DEFAULT_LOCALE)
        const i18n = await createI18n(locale)
        const manifest = webManifest(i18n, locale, {
          strategy: env.LANGUAGE_STRATEGY,
          defaultLocale: env.DEFAULT_LOCALE,
        })
        return new Response(JSON.stringify(manifest), {
          headers: {
            'Content-Type': 'application/manifest+json; charset=utf-8',
            'Cache-Control': 'public, max-age=86400',
            'Content-Language': locale,
          },
        })
      },
    },
  },
})
