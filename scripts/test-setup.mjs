// The first step of `npm test` (README): what the tests need from Debian, installed when it is missing.
//
//   chromium              the browser tests (playwright.config.ts: CHROMIUM_PATH, or /usr/bin/chromium)
//   fonts-thai-tlwg       Thai letters in those pages (without them Chromium draws boxes)
//   default-jre-headless  Java 17 or later for the Nu HTML Checker (tests/e2e/vnu.ts: JAVA, or java on PATH)
//
// Nothing is printed when everything is there. As root, one line says what is installed and why, then
// apt-get installs it quietly. Without root it stops at once with the command to run. PostgreSQL and nginx
// are not checked: `npm test` does not use them (.ci/run installs them for its later stages).
//
// Plain Node without dependencies, so that it also runs under the machine's own Node (20 on this image).
// TEST_SETUP_PRETEND_MISSING=chromium,… (only for this script's own tests) makes the probes report those
// Debian packages as missing.
import { accessSync, constants, statSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import { pathToFileURL } from 'node:url'

/** What the tests need from Debian, and why (the words of the one line printed before installing). */
export const NEEDS = {
  chromium: 'the browser tests',
  'fonts-thai-tlwg': 'Thai text in the browser tests',
  'default-jre-headless': 'Java 17 or later for the Nu HTML Checker',
}

export const DEFAULT_CHROMIUM = '/usr/bin/chromium'
export const MIN_JAVA = 17

/**
 * What is missing. `packages`: Debian packages that would fix it; `problems`: what installing them cannot fix
 * (a CHROMIUM_PATH or JAVA that points nowhere), one sentence each.
 */
export function findMissing(env, probes) {
  const pretend = new Set(
    (env.TEST_SETUP_PRETEND_MISSING ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  )
  const packages = []
  const problems = []

  if (env.CHROMIUM_PATH) {
    if (!probes.executable(env.CHROMIUM_PATH))
      problems.push(
        `CHROMIUM_PATH=${env.CHROMIUM_PATH} is not an executable file: point it at a Chromium, or unset it to use ` +
          `Debian's (${DEFAULT_CHROMIUM}).`,
      )
  } else if (pretend.has('chromium') || !probes.executable(DEFAULT_CHROMIUM)) packages.push('chromium')

  if (pretend.has('fonts-thai-tlwg') || !probes.thaiFonts()) packages.push('fonts-thai-tlwg')

  const java = env.JAVA || 'java'
  const version = pretend.has('default-jre-headless') ? null : probes.javaVersion(java)
  if (env.JAVA) {
    if (version === null)
      problems.push(`JAVA=${env.JAVA} does not run: point it at a java binary (17 or later), or unset it.`)
    else if (version < MIN_JAVA)
      problems.push(`JAVA=${env.JAVA} is Java ${version}: the Nu HTML Checker needs ${MIN_JAVA} or later.`)
  } else if (version === null || version < MIN_JAVA) packages.push('default-jre-headless')

  return { packages, problems }
}

const why = (packages) => packages.map((name) => `${name} (${NEEDS[name] ?? 'the tests'})`).join(', ')
const aptCommand = (packages) => `sudo apt-get update && sudo apt-get install -y ${packages.join(' ')}`

/**
 * The decision: nothing to do, install (as root with apt-get), or stop with a message. `line` is the one line
 * printed before installing.
 */
export function plan({ packages, problems }, { root, apt }) {
  if (problems.length > 0) {
    const rest = packages.length > 0 ? [`The tests also need ${why(packages)}: ${aptCommand(packages)}`] : []
    return { action: 'stop', message: ['npm test cannot start:', ...problems, ...rest].join('\n  ') }
  }
  if (packages.length === 0) return { action: 'none' }
  if (!apt)
    return {
      action: 'stop',
      message: `npm test needs ${why(packages)}, and this machine has no apt-get: install them, or set CHROMIUM_PATH and JAVA.`,
    }
  if (!root)
    return {
      action: 'stop',
      message: `npm test needs from Debian: ${why(packages)}. Install as root, then run npm test again:\n  ${aptCommand(packages)}`,
    }
  return { action: 'install', packages, line: `Installing from Debian for the tests: ${why(packages)}` }
}

const tail = (text) => text.trim().split('\n').slice(-5).join('\n    ')

/**
 * Runs the check (and the installation as root). Returns the exit status: 0 when the tests can run.
 * Everything the outside world answers comes through `system`, so that the tests can play any machine.
 */
export function main(env, system) {
  const decision = plan(findMissing(env, system.probes), { root: system.root, apt: system.probes.aptGet() })
  if (decision.action === 'none') return 0
  if (decision.action === 'stop') {
    system.error(decision.message)
    return 1
  }
  system.print(decision.line)
  const aptEnv = { ...env, DEBIAN_FRONTEND: 'noninteractive' }
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', ...decision.packages],
  ]) {
    const result = system.run('apt-get', args, aptEnv)
    if (result.status !== 0) {
      system.error(
        `apt-get ${args[0]} failed (${result.status === null ? 'could not run' : `exit ${result.status}`}); ` +
          `install ${decision.packages.join(' ')} yourself, then run npm test again.` +
          (result.output.trim() ? `\n    ${tail(result.output)}` : ''),
      )
      return 1
    }
  }
  // Installed: the same checks again, so that a package that did not bring what the tests need is caught here.
  const after = findMissing({ ...env, TEST_SETUP_PRETEND_MISSING: '' }, system.probes)
  if (after.packages.length > 0 || after.problems.length > 0) {
    system.error(
      `apt-get installed ${decision.packages.join(' ')}, but the tests still lack: ` +
        [...after.packages.map((name) => `${name} (${NEEDS[name]})`), ...after.problems].join('; '),
    )
    return 1
  }
  return 0
}

/** The machine's answers. */
export const machine = {
  executable(path) {
    try {
      accessSync(path, constants.X_OK)
      return statSync(path).isFile()
    } catch {
      return false
    }
  },
  /** Debian's package database when there is one; otherwise fontconfig's list of fonts that cover Thai. */
  thaiFonts() {
    const dpkg = spawnSync('dpkg-query', ['-W', '-f=${db:Status-Status}', 'fonts-thai-tlwg'], { encoding: 'utf8' })
    if (!dpkg.error) return dpkg.status === 0 && dpkg.stdout.trim() === 'installed'
    const fc = spawnSync('fc-list', [':lang=th', 'family'], { encoding: 'utf8' })
    return !fc.error && fc.status === 0 && fc.stdout.trim() !== ''
  },
  /** The major version `java -version` reports (1.8 is 8), or null when it does not run. */
  javaVersion(java) {
    const result = spawnSync(java, ['-version'], { encoding: 'utf8' })
    if (result.error || result.status !== 0) return null
    const match = /version "(\d+)(?:\.(\d+))?/.exec(`${result.stderr}${result.stdout}`)
    if (!match) return null
    const major = Number(match[1])
    return major === 1 && match[2] ? Number(match[2]) : major
  },
  aptGet() {
    return !spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).error
  },
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = main(process.env, {
    root: process.getuid?.() === 0,
    probes: machine,
    run(command, args, env) {
      const result = spawnSync(command, args, { env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
      return { status: result.error ? null : result.status, output: `${result.stdout ?? ''}${result.stderr ?? ''}` }
    },
    print: (line) => console.log(line),
    error: (message) => console.error(message),
  })
}
