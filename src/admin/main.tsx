import { I18nProvider } from '@lingui/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { setAdminApiLanguage } from './api'
import { createAdminI18n } from './i18n'
import { ADMIN_BASEPATHS, ADMIN_DEFAULT_LOCALE, adminPlaceOf } from './locale'
import { createAdminRouter } from './router'
import './admin.css'

/**
 * The back office's entry (docs/decisions/177): a client-only app. Its language comes from the path (/admin Thai,
 * /en/admin English), its catalog is loaded before the first render, and its router works under that basepath.
 */
async function start(container: HTMLElement): Promise<void> {
  const place = adminPlaceOf(window.location.pathname) ?? {
    locale: ADMIN_DEFAULT_LOCALE,
    basepath: ADMIN_BASEPATHS[ADMIN_DEFAULT_LOCALE],
  }
  document.documentElement.lang = place.locale
  setAdminApiLanguage(place.locale)
  const i18n = await createAdminI18n(place.locale)
  const router = createAdminRouter(place)
  const { queryClient } = router.options.context
  createRoot(container).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nProvider>
    </StrictMode>,
  )
}

const container = document.getElementById('admin-root')
if (container) void start(container)
