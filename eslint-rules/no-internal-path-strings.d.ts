import type { ESLint, Rule } from 'eslint'

/** The first segments of the shop's pages, read from the route tree (or its route files). */
export function pageSegments(root?: string): Set<string>
/** The rule: no string paths to the shop's pages in storefront code (decision 145). */
export const noInternalPathStrings: Rule.RuleModule
declare const plugin: ESLint.Plugin
export default plugin
