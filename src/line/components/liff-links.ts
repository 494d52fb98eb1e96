import type { LiffOs } from '../liff-types'

/** Where the shopper updates the LINE app: the store of their phone, LINE's download page elsewhere. */
export function updateLineUrl(os: LiffOs | null): string {
  if (os === 'ios') return 'https://apps.apple.com/app/line/id443904275'
  if (os === 'android') return 'https://play.google.com/store/apps/details?id=jp.naver.line.android'
  return 'https://line.me/download'
}

/** LINE's link that opens the Official Account's profile with its 'Add friend' button. */
export function addFriendUrl(basicId: string): string {
  return `https://line.me/R/ti/p/${encodeURIComponent(basicId)}`
}
