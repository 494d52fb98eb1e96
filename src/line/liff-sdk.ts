import type { LiffSdk } from './liff-types'

/** The only place that loads LINE's SDK: a separate chunk, fetched in the browser when the LIFF layer starts. */
export const loadLiffSdk = (): Promise<LiffSdk> =>
  import('@line/liff').then((module) => module.default as unknown as LiffSdk)
