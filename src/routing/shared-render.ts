import { createIsomorphicFn } from '@tanstack/react-start'
import { serverRendersFromNobodysData } from '~/server/shared-render.server'

/**
 * On the server: whether this page is rendered from nobody's data, so that its loaders must not read the session
 * or the cart (the page may be kept and shown to anyone; the browser fills in the header). In the browser: never.
 */
export const rendersFromNobodysData = createIsomorphicFn()
  .server((pathname: string) => serverRendersFromNobodysData(pathname))
  .client((_pathname: string) => false)
