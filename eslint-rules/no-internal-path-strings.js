import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * No string paths to internal routes in storefront code (decision 145): a link to a page of the shop is a typed
 * `<Link>`, `navigate`, `redirect` or the typed helper of src/routing/links.ts, so that renaming a route breaks it at
 * the type check. This rule reports string and template literals whose text is a path into the route tree
 * ('/order/…', `${site}/cart`), except where the router types them: the `to` and `from` of links, navigations and
 * redirects, `createFileRoute('/…')`, route id comparisons, constants typed as route ids or links, and the product
 * API's own paths (`productApi().get('/cart', …)`), which are not pages.
 */

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')

/**
 * The first segments of the shop's pages: from the generated route tree when it is there (npm run typecheck writes
 * it), else from the route files it is generated from. Machine routes are not pages: the product API and images
 * (splat routes under their own URL schemes), files such as sitemap.xml, and the catch-all.
 */
export function pageSegments(root = ROOT) {
  const segments = new Set()
  const tree = join(root, 'src/routeTree.gen.ts')
  if (existsSync(tree)) {
    const text = readFileSync(tree, 'utf8')
    const block = /export interface FileRoutesByFullPath \{([\s\S]*?)\n\}/.exec(text)?.[1] ?? ''
    for (const match of block.matchAll(/^\s*'\/([^'/]+)/gm)) segments.add(match[1])
  } else {
    for (const entry of readdirSync(join(root, 'src/routes'))) {
      segments.add(entry.replace(/\.(tsx?|jsx?)$/, '').replace(/\[\.\]/g, '.'))
    }
  }
  for (const name of [...segments]) {
    if (name.includes('.') || name.startsWith('$') || name.startsWith('_') || name === 'api' || name === 'images') {
      segments.delete(name)
    }
  }
  return segments
}

const ROUTE_TYPES = new Set(['RouteId', 'RoutePath', 'RouteTarget', 'RouteLink'])
const TYPED_CALLS = new Set(['createFileRoute', 'createLazyFileRoute', 'getRouteApi'])
const ROUTE_ID_NAMES = new Set(['routeId', 'fullPath'])

/** Whether a type annotation names one of the route types (the type checker then checks the string). */
function namesRouteType(node) {
  let found = false
  const visit = (current) => {
    if (!current || typeof current !== 'object' || found) return
    if (current.type === 'TSTypeReference' && current.typeName?.type === 'Identifier') {
      if (ROUTE_TYPES.has(current.typeName.name)) found = true
    }
    for (const [key, value] of Object.entries(current)) {
      if (key === 'parent') continue
      if (Array.isArray(value)) value.forEach(visit)
      else if (value && typeof value === 'object' && typeof value.type === 'string') visit(value)
    }
  }
  visit(node)
  return found
}

const isRouteIdExpression = (node) =>
  (node?.type === 'Identifier' && ROUTE_ID_NAMES.has(node.name)) ||
  (node?.type === 'MemberExpression' && !node.computed && ROUTE_ID_NAMES.has(node.property.name))

/** `productApi().get('/cart', …)`: a path of the product API, not a page. */
const isProductApiCall = (node) =>
  node?.type === 'CallExpression' &&
  node.callee.type === 'MemberExpression' &&
  node.callee.object.type === 'CallExpression' &&
  node.callee.object.callee.type === 'Identifier' &&
  node.callee.object.callee.name === 'productApi'

/** Whether the literal sits where the router's types check it, or is no page link at all. */
function isExempt(node) {
  const parent = node.parent
  if (!parent) return false
  const keyName = (key) => (key?.type === 'Identifier' ? key.name : key?.type === 'Literal' ? key.value : null)
  if (parent.type === 'Property' && parent.value === node && ['to', 'from'].includes(keyName(parent.key))) return true
  if (parent.type === 'JSXAttribute' && ['to', 'from'].includes(parent.name.name)) return true
  if (parent.type === 'JSXExpressionContainer' && parent.parent?.type === 'JSXAttribute') {
    if (['to', 'from'].includes(parent.parent.name.name)) return true
  }
  if (parent.type === 'CallExpression' && parent.callee.type === 'Identifier' && TYPED_CALLS.has(parent.callee.name)) {
    return true
  }
  if (isProductApiCall(parent) && parent.arguments.includes(node)) return true
  if (parent.type === 'BinaryExpression' && isRouteIdExpression(parent.left === node ? parent.right : parent.left)) {
    return true
  }
  // routeId.startsWith('/account/'), LISTINGS.has(routeId) is covered by the typed constant below.
  if (parent.type === 'CallExpression' && parent.callee.type === 'MemberExpression') {
    if (isRouteIdExpression(parent.callee.object)) return true
  }
  // A constant typed as route ids or links: `const LISTINGS = new Set<RouteId>([...])`, `x satisfies RouteTarget`.
  for (let current = parent; current; current = current.parent) {
    if (/Function|Program|ClassBody/.test(current.type)) break
    if (
      (current.type === 'NewExpression' || current.type === 'CallExpression') &&
      namesRouteType(current.typeArguments)
    ) {
      return true
    }
    if (
      (current.type === 'TSSatisfiesExpression' || current.type === 'TSAsExpression') &&
      namesRouteType(current.typeAnnotation)
    ) {
      return true
    }
    if (current.type === 'VariableDeclarator' && namesRouteType(current.id.typeAnnotation)) return true
  }
  return false
}

/** @type {import('eslint').Rule.RuleModule} */
export const noInternalPathStrings = {
  meta: {
    type: 'problem',
    docs: { description: 'Links to the shop’s own pages are typed (Link, navigate, redirect, routePath/routeUrl).' },
    schema: [
      {
        type: 'object',
        properties: { segments: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false,
      },
    ],
    messages: {
      path: "'{{text}}' is a path to the shop's page '/{{segment}}': link to it with a typed Link, navigate or redirect, or routePath/routeUrl from ~/routing/links (decision 034).",
    },
  },
  create(context) {
    const segments = new Set(context.options[0]?.segments ?? pageSegments())
    /** The page a text leads to, when it starts with one of the shop's first segments. */
    const pageOf = (text) => {
      const match = /^\/([^/?#\s]+)(?:[/?#]|$)/.exec(text)
      return match && segments.has(match[1]) ? match[1] : null
    }
    const report = (node, text, segment) =>
      context.report({
        node,
        messageId: 'path',
        data: { text: text.length > 40 ? `${text.slice(0, 40)}…` : text, segment },
      })
    return {
      Literal(node) {
        if (typeof node.value !== 'string') return
        const segment = pageOf(node.value)
        if (segment && !/\/\$/.test(node.value) && !isExempt(node)) report(node, node.value, segment)
      },
      TemplateLiteral(node) {
        // A path at the start, or after an expression (`${siteUrl}/order/${number}`).
        for (const quasi of node.quasis) {
          const text = quasi.value.cooked ?? quasi.value.raw
          const segment = pageOf(text)
          if (segment && !isExempt(node)) {
            report(node, node.quasis.map((part) => part.value.raw).join('${…}'), segment)
            return
          }
        }
      },
    }
  },
}

export default { rules: { 'no-internal-path-strings': noInternalPathStrings } }
