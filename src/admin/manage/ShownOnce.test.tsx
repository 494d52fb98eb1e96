// @vitest-environment jsdom
import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ShownOnce } from './common'

afterEach(cleanup)

function renderOnce() {
  const i18n = setupI18n()
  i18n.loadAndActivate({ locale: 'en', messages: {} })
  render(
    <I18nProvider i18n={i18n}>
      <ShownOnce label="The key Till" value="sk_abc_def" warning="Shown only this once." />
    </I18nProvider>,
  )
  return userEvent.setup()
}

describe('a secret shown once (an invitation link, an API key)', () => {
  it('is a labelled read-only field tied to its warning, and Copy puts it on the clipboard', async () => {
    const user = renderOnce()
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined)
    const field = screen.getByRole('textbox', { name: 'The key Till' })
    expect(field).toHaveProperty('value', 'sk_abc_def')
    expect(field).toHaveProperty('readOnly', true)
    expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Shown only this once.',
    )
    await user.click(screen.getByRole('button', { name: 'Copy' }))
    expect(writeText).toHaveBeenCalledWith('sk_abc_def')
    expect(screen.getByRole('status').textContent).toBe('Copied.')
  })

  it('says to copy by hand when the clipboard refuses', async () => {
    const user = renderOnce()
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('denied', 'NotAllowedError'))
    await user.click(screen.getByRole('button', { name: 'Copy' }))
    expect(screen.getByRole('status').textContent).toBe('Select the text and copy it.')
  })
})
