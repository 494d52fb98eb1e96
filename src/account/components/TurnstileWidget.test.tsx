// @vitest-environment jsdom
import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { TurnstileApi } from './TurnstileWidget'

const SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit'
const SITE_KEY = '1x00000000000000000000AA'

/** A fresh copy of the module for each test: the script is loaded once per page, and each test is a new page. */
async function importWidget() {
  vi.resetModules()
  return (await import('./TurnstileWidget')).TurnstileWidget
}

function scripts(): HTMLScriptElement[] {
  return [...document.querySelectorAll<HTMLScriptElement>('script')].filter((script) => script.src === SCRIPT_URL)
}

async function renderWidgets(count: number, locale: 'th' | 'en' = 'en') {
  const TurnstileWidget = await importWidget()
  const i18n = setupI18n()
  i18n.loadAndActivate({ locale, messages: {} })
  const onToken = vi.fn<(token: string | null) => void>()
  const view = render(
    <I18nProvider i18n={i18n}>
      {Array.from({ length: count }, (_, index) => (
        <TurnstileWidget key={index} siteKey={SITE_KEY} onToken={onToken} />
      ))}
    </I18nProvider>,
  )
  return { onToken, view }
}

/** Cloudflare's script as far as the widget sees it: `turnstile.render` and `turnstile.remove`. */
function fakeTurnstile() {
  type Options = Parameters<TurnstileApi['render']>[1]
  const widgets = new Map<string, Options>()
  const api = {
    render: vi.fn((_container: HTMLElement, options: Options) => {
      const widgetId = `widget-${widgets.size + 1}`
      widgets.set(widgetId, options)
      return widgetId
    }),
    remove: vi.fn((widgetId: string) => {
      widgets.delete(widgetId)
    }),
  } satisfies TurnstileApi
  return { api, widgets }
}

beforeEach(() => {
  delete window.turnstile
})

afterEach(() => {
  cleanup()
  for (const script of scripts()) script.remove()
  delete window.turnstile
  vi.useRealTimers()
})

describe('TurnstileWidget', () => {
  it('adds Cloudflare’s script once for any number of widgets, and only when one is mounted', async () => {
    await importWidget()
    expect(scripts()).toHaveLength(0)

    await renderWidgets(2)
    expect(scripts()).toHaveLength(1)
    expect(scripts()[0]?.async).toBe(true)
    expect(screen.getAllByRole('status')[0]?.textContent).toBe('Loading the security check…')
  })

  it('says so, in an alert, when the script cannot load (no internet), and gives no token', async () => {
    const { onToken } = await renderWidgets(2)
    const [script] = scripts()
    await act(async () => {
      script?.dispatchEvent(new Event('error'))
    })

    const alerts = screen.getAllByRole('alert')
    expect(alerts).toHaveLength(2)
    expect(alerts[0]?.textContent).toMatch(/^The security check could not load\. Please check your internet connection/)
    expect(screen.queryByRole('status')).toBeNull()
    expect(onToken).toHaveBeenCalledWith(null)
    expect(onToken).not.toHaveBeenCalledWith(expect.any(String))
    // The failed tag is gone, so that a widget mounted later may try again.
    expect(scripts()).toHaveLength(0)
  })

  it('says so when the script never answers', async () => {
    vi.useFakeTimers()
    await renderWidgets(1)
    expect(screen.queryByRole('alert')).toBeNull()
    await act(async () => {
      await vi.advanceTimersByTimeAsync(15_000)
    })
    expect(screen.getByRole('alert').textContent).toMatch(/could not load/)
  })

  it('renders the widget explicitly in the page’s language, passes tokens on, and removes it on unmount', async () => {
    const { api, widgets } = fakeTurnstile()
    const { onToken, view } = await renderWidgets(1, 'th')
    await act(async () => {
      window.turnstile = api
      scripts()[0]?.dispatchEvent(new Event('load'))
    })

    expect(api.render).toHaveBeenCalledTimes(1)
    const [container, options] = api.render.mock.calls[0] ?? []
    expect(container).toBeInstanceOf(HTMLElement)
    expect(container?.getAttribute('role')).toBe('group')
    expect(options).toMatchObject({ sitekey: SITE_KEY, language: 'th', theme: 'light' })
    expect(screen.queryByRole('status')).toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()

    const widget = widgets.get('widget-1')
    act(() => widget?.callback('token-from-cloudflare'))
    expect(onToken).toHaveBeenLastCalledWith('token-from-cloudflare')
    act(() => widget?.['expired-callback']())
    expect(onToken).toHaveBeenLastCalledWith(null)
    act(() => widget?.callback('a-new-token'))
    act(() => widget?.['error-callback']('300030'))
    expect(onToken).toHaveBeenLastCalledWith(null)

    view.unmount()
    expect(api.remove).toHaveBeenCalledWith('widget-1')
    expect(widgets.size).toBe(0)
  })

  it('uses the API already on the page without adding the script again', async () => {
    const { api } = fakeTurnstile()
    window.turnstile = api
    await renderWidgets(1)
    await act(async () => {})
    expect(scripts()).toHaveLength(0)
    expect(api.render).toHaveBeenCalledTimes(1)
    expect(api.render.mock.calls[0]?.[1]).toMatchObject({ language: 'en' })
  })
})
