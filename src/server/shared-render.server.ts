import { getRequest } from '@tanstack/react-start/server'
import { isSharedPagePath } from '~/routing/shared-pages'
import { getRequestState } from './request-state.server'

/**
 * Whether the page being rendered on the server is rendered from nobody's data (decision 027): the page
 * middleware decided it (a shared page, or the login or registration page of a visitor without a session).
 */
export function serverRendersFromNobodysData(pathname: string): boolean {
  return getRequestState(getRequest())?.shared ?? isSharedPagePath(pathname)
}
