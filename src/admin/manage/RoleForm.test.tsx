// @vitest-environment jsdom
import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import * as adminApi from '../api'
import { RoleForm } from './RolesScreen'

vi.mock('../api', async (original) => ({
  ...(await original<typeof adminApi>()),
  createRole: vi.fn(),
  updateRole: vi.fn(),
}))

afterEach(() => {
  cleanup()
  vi.clearAllMocks()
})

const ME: adminApi.Me = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Nok',
  email: 'nok@example.com',
  language: 'en',
  role: {
    id: 'manager_lite',
    name: 'Lite',
    built_in: false,
    permissions: ['orders:read', 'stock:write', 'staff:manage'],
  },
  permissions: ['orders:read', 'stock:write', 'staff:manage'],
  session: null,
  actor_type: 'staff',
}

function renderForm(role: adminApi.Role | null = null) {
  const i18n = setupI18n()
  i18n.loadAndActivate({ locale: 'en', messages: {} })
  const onDone = vi.fn()
  const run = <T,>(action: () => Promise<T>) => action()
  render(
    <I18nProvider i18n={i18n}>
      <RoleForm role={role} me={ME} run={run} onDone={onDone} onCancel={() => undefined} />
    </I18nProvider>,
  )
  return { onDone, user: userEvent.setup() }
}

describe('a custom role’s form', () => {
  it('groups the permissions by area and lets only those held be ticked', () => {
    renderForm()
    expect(screen.getByRole('group', { name: 'Orders' })).toBeTruthy()
    expect(screen.getByRole('group', { name: 'Payments' })).toBeTruthy()
    expect(screen.getByRole('checkbox', { name: /See orders/ })).toHaveProperty('disabled', false)
    expect(screen.getByRole('checkbox', { name: /Change stock/ })).toHaveProperty('disabled', false)
    expect(screen.getByRole('checkbox', { name: /Refund payments/ })).toHaveProperty('disabled', true)
    expect(screen.getByRole('checkbox', { name: /Manage API keys/ })).toHaveProperty('disabled', true)
  })

  it('makes the role with its id, name and the ticked permissions in the list’s order', async () => {
    const made: adminApi.Role = {
      id: 'night',
      name: 'Night',
      built_in: false,
      permissions: ['orders:read', 'stock:write'],
    }
    vi.mocked(adminApi.createRole).mockResolvedValue(made)
    const { onDone, user } = renderForm()
    await user.type(screen.getByLabelText('Role id'), 'night')
    await user.type(screen.getByLabelText('Name'), ' Night ')
    await user.click(screen.getByRole('checkbox', { name: /Change stock/ }))
    await user.click(screen.getByRole('checkbox', { name: /See orders/ }))
    await user.click(screen.getByRole('button', { name: 'Save role' }))
    expect(adminApi.createRole).toHaveBeenCalledWith({
      id: 'night',
      name: 'Night',
      permissions: ['orders:read', 'stock:write'],
    })
    expect(onDone).toHaveBeenCalledWith(made)
  })

  it('says a bad id under its field and does not call the API', async () => {
    const { user } = renderForm()
    const id = screen.getByLabelText('Role id')
    await user.type(id, 'owner')
    await user.type(screen.getByLabelText('Name'), 'Owner two')
    await user.click(screen.getByRole('button', { name: 'Save role' }))
    expect(screen.getByText('Enter an id such as night_shift, not the id of a built-in role.')).toBeTruthy()
    expect(id.getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(id)
    expect(adminApi.createRole).not.toHaveBeenCalled()
  })

  it('shows the API’s refusal in the staff member’s words and stays open', async () => {
    vi.mocked(adminApi.updateRole).mockRejectedValue(
      new adminApi.AdminApiError(403, 'PERMISSION_DENIED', 'Your role does not allow this'),
    )
    const { onDone, user } = renderForm({ id: 'night', name: 'Night', built_in: false, permissions: ['orders:read'] })
    expect(screen.queryByLabelText('Role id')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Save role' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Your role does not allow this')
    expect(adminApi.updateRole).toHaveBeenCalledWith('night', { name: 'Night', permissions: ['orders:read'] })
    expect(onDone).not.toHaveBeenCalled()
  })
})
