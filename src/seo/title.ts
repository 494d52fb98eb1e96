/** §2's fallback page title: the last path segment, hyphens replaced with spaces, words capitalised. */
export function titleFromPath(path: string): string {
  const segments = path.split(/[?#]/)[0]?.split('/').filter(Boolean) ?? []
  const last = segments.at(-1) ?? ''
  let decoded: string
  try {
    decoded = decodeURIComponent(last)
  } catch {
    decoded = last
  }
  return decoded
    .split('-')
    .filter((word) => word.length > 0)
    .map((word) => word.charAt(0).toLocaleUpperCase() + word.slice(1))
    .join(' ')
}
