/** Types of scripts/devtools-check.mjs (plain JavaScript, so that `node scripts/bench-js.mjs` runs it as it is). */
export type DevtoolsFinding = { file: string; marker: string }
export declare const DEVTOOLS_MARKERS: string[]
export declare const DEVTOOLS_CHUNK: RegExp
export declare const BUILD_DIRS: string[]
export declare function devtoolsInBuild(dirs?: string[], markers?: string[]): DevtoolsFinding[]
export declare function devtoolsMessage(findings: DevtoolsFinding[]): string
