/**
 * A readable device for the account page's list of sessions (issue 15): the browser and the operating system of a
 * user agent, by the few tokens that tell them apart. Order matters: Edge and Opera also say Chrome, Chrome also
 * says Safari, in-app browsers say both. Unknown parts are null (the page says "unknown device").
 */
export type Device = { browser: string | null; os: string | null }

const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/\bLine\//, 'LINE'],
  [/\bFBA[NV]\/|FB_IAB/, 'Facebook'],
  [/\bInstagram\b/, 'Instagram'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bHeadlessChrome\//, 'Chrome'],
]

const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/\b(?:iPhone|iPod)\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
]

export function describeUserAgent(userAgent: string | null | undefined): Device {
  const text = userAgent ?? ''
  const browser = BROWSERS.find(([pattern]) => pattern.test(text))?.[1] ?? null
  const os = SYSTEMS.find(([pattern]) => pattern.test(text))?.[1] ?? null
  return { browser, os }
}
