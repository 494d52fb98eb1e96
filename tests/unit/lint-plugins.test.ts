import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

/**
 * TanStack Query's and Lingui's ESLint plugins are part of `npm run lint` (decision 146): code samples that break
 * one of their rules are refused, the same code written as the rules want passes. `npm run lint` fails on warnings
 * too (--max-warnings=0), so every rule reported here stops it.
 */
const eslint = new ESLint({ cwd: process.cwd() })

async function rulesBroken(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? [])
    .map((message) => message.ruleId ?? `fatal: ${message.message}`)
    .filter((rule) => rule.startsWith('@tanstack/query/') || rule.startsWith('lingui/') || rule.startsWith('fatal'))
}

const QUERY_MISSING_KEY = `import { useQuery } from '@tanstack/react-query'
declare function getProduct(id: string): Promise<string>
export function useProduct(id: string) {
  return useQuery({ queryKey: ['product'], queryFn: () => getProduct(id) })
}
`
const QUERY_WITH_KEY = QUERY_MISSING_KEY.replace("queryKey: ['product']", "queryKey: ['product', id]")

const CLIENT_PER_RENDER = `import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
export function Providers({ children }: { children: ReactNode }) {
  const queryClient = new QueryClient()
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
}
`

const T_AT_MODULE_LEVEL = `import { t } from '@lingui/core/macro'
export const greeting = t\`Welcome to the shop\`
`
const T_IN_FUNCTION = `import { t } from '@lingui/core/macro'
export function greeting() {
  return t\`Welcome to the shop\`
}
`
const EXPRESSION_IN_MESSAGE = `import { useLingui } from '@lingui/react/macro'
export function Greeting({ user }: { user: { name: string } }) {
  const { t } = useLingui()
  return <p>{t\`Hello \${user.name}\`}</p>
}
`
const VARIABLE_IN_MESSAGE = `import { useLingui } from '@lingui/react/macro'
export function Greeting({ user }: { user: { name: string } }) {
  const { t } = useLingui()
  const name = user.name
  return <p>{t\`Hello \${name}\`}</p>
}
`
const ONLY_A_VARIABLE = `import { useLingui } from '@lingui/react/macro'
export function Label({ name }: { name: string }) {
  const { t } = useLingui()
  return <p>{t\`\${name}\`}</p>
}
`
const UNLOCALIZED = `export function Notice() {
  return <p className="notice notice--wide">Free delivery in Thailand</p>
}
`
const UNLOCALIZED_ATTRIBUTE = `export function Close() {
  return <button type="button" aria-label="Close the dialog">×</button>
}
`
const LOCALIZED = `import { Trans, useLingui } from '@lingui/react/macro'
export function Notice() {
  const { t } = useLingui()
  return (
    <p className="notice notice--wide" aria-label={t\`Delivery\`}>
      <Trans>Free delivery in Thailand</Trans>
    </p>
  )
}
`

describe('TanStack Query and Lingui lint rules', { timeout: 60_000 }, () => {
  it.each([
    ['@tanstack/query/exhaustive-deps', 'src/catalog/example.ts', QUERY_MISSING_KEY],
    ['@tanstack/query/stable-query-client', 'src/components/Example.tsx', CLIENT_PER_RENDER],
    ['lingui/t-call-in-function', 'src/catalog/example.ts', T_AT_MODULE_LEVEL],
    ['lingui/no-expression-in-message', 'src/components/Example.tsx', EXPRESSION_IN_MESSAGE],
    ['lingui/no-single-variables-to-translate', 'src/components/Example.tsx', ONLY_A_VARIABLE],
    ['lingui/no-unlocalized-strings', 'src/components/Example.tsx', UNLOCALIZED],
    ['lingui/no-unlocalized-strings', 'src/routes/example.tsx', UNLOCALIZED_ATTRIBUTE],
  ])('%s refuses a sample in %s', async (rule, filePath, code) => {
    expect(await rulesBroken(filePath, code)).toEqual([rule])
  })

  it.each([
    ['src/catalog/example.ts', QUERY_WITH_KEY],
    ['src/catalog/example.ts', T_IN_FUNCTION],
    ['src/components/Example.tsx', VARIABLE_IN_MESSAGE],
    ['src/components/Example.tsx', LOCALIZED],
    // Words outside the components and pages are not the shopper's (tests, the server, operators' messages).
    ['tests/e2e/example.spec.tsx', UNLOCALIZED],
    ['src/server/example.ts', "export const problem = 'The database did not answer in time'\n"],
  ])('allows sample %# in %s', async (filePath, code) => {
    expect(await rulesBroken(filePath, code)).toEqual([])
  })
})
