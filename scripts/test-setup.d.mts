// Types of scripts/test-setup.mjs (plain JavaScript, so that it runs under the machine's own Node before npm test).

export type Env = Readonly<Record<string, string | undefined>>

export type Probes = {
  executable(path: string): boolean
  thaiFonts(): boolean
  javaVersion(java: string): number | null
  aptGet(): boolean
}

export type Missing = { packages: string[]; problems: string[] }

export type Plan =
  { action: 'none' } | { action: 'stop'; message: string } | { action: 'install'; packages: string[]; line: string }

export type System = {
  root: boolean
  probes: Probes
  run(command: string, args: string[], env: Env): { status: number | null; output: string }
  print(line: string): void
  error(message: string): void
}

export const NEEDS: Record<string, string>
export const DEFAULT_CHROMIUM: string
export const MIN_JAVA: number
export function findMissing(env: Env, probes: Probes): Missing
export function plan(missing: Missing, machine: { root: boolean; apt: boolean }): Plan
export function main(env: Env, system: System): number
export const machine: Probes
