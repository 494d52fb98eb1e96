/** Types of scripts/js-pages.mjs (plain JavaScript, so that `node scripts/bench-js.mjs` runs it as it is). */
export type JsPage = {
  name: string
  path: string
  shopper: 'first' | 'cart' | 'member'
  from?: string
}
export declare const PRODUCT: string
export declare const JS_PAGES: JsPage[]
