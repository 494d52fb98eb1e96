/** The id of the running build, defined by vite.config.ts. */
declare const __BUILD_ID__: string

declare module '*.po' {
  import type { Messages } from '@lingui/core'
  export const messages: Messages
}
