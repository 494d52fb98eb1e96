import { spawnSync } from 'node:child_process'
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { findMissing, machine, main, plan, type Env, type Probes, type System } from '../../scripts/test-setup.mjs'

/** A machine with everything the tests need, changed by `overrides`. */
function probes(overrides: Partial<Probes> = {}): Probes {
  return {
    executable: (path) => path === '/usr/bin/chromium',
    thaiFonts: () => true,
    javaVersion: (java) => (java === 'java' ? 17 : null),
    aptGet: () => true,
    ...overrides,
  }
}

type Call = { command: string; args: string[]; env: Env }

/** A system that records what it printed and ran; `apt` answers each apt-get call (in order). */
function system(
  options: {
    root?: boolean
    probes?: Probes
    apt?: Array<{ status: number | null; output: string }>
    afterInstall?: Probes
  } = {},
) {
  const calls: Call[] = []
  const printed: string[] = []
  const errors: string[] = []
  let current = options.probes ?? probes()
  const answers = [...(options.apt ?? [])]
  const sys: System = {
    root: options.root ?? false,
    probes: {
      executable: (path) => current.executable(path),
      thaiFonts: () => current.thaiFonts(),
      javaVersion: (java) => current.javaVersion(java),
      aptGet: () => current.aptGet(),
    },
    run(command, args, env) {
      calls.push({ command, args, env })
      const answer = answers.shift() ?? { status: 0, output: '' }
      // After a successful install the machine has what was installed (or what the test says it has).
      if (args[0] === 'install' && answer.status === 0) current = options.afterInstall ?? probes()
      return answer
    },
    print: (line) => printed.push(line),
    error: (message) => errors.push(message),
  }
  return { sys, calls, printed, errors }
}

describe('what npm test needs from Debian', () => {
  it('finds nothing missing on a complete machine', () => {
    expect(findMissing({}, probes())).toEqual({ packages: [], problems: [] })
  })

  it('names the Debian package for each thing missing', () => {
    const bare = probes({ executable: () => false, thaiFonts: () => false, javaVersion: () => null })
    expect(findMissing({}, bare).packages).toEqual(['chromium', 'fonts-thai-tlwg', 'default-jre-headless'])
    expect(findMissing({}, probes({ thaiFonts: () => false })).packages).toEqual(['fonts-thai-tlwg'])
  })

  it('asks for Java 17 or later, reading 1.8-style versions as 8', () => {
    expect(findMissing({}, probes({ javaVersion: () => 11 })).packages).toEqual(['default-jre-headless'])
    expect(findMissing({}, probes({ javaVersion: () => 21 })).packages).toEqual([])
  })

  it('uses CHROMIUM_PATH instead of Debian’s Chromium, and refuses one that points nowhere', () => {
    const custom = probes({ executable: (path) => path === '/opt/chrome/chrome' })
    expect(findMissing({ CHROMIUM_PATH: '/opt/chrome/chrome' }, custom)).toEqual({ packages: [], problems: [] })

    const nowhere = findMissing({ CHROMIUM_PATH: '/nowhere/chromium' }, probes())
    expect(nowhere.packages).toEqual([])
    expect(nowhere.problems).toEqual([expect.stringContaining('CHROMIUM_PATH=/nowhere/chromium is not an executable')])
  })

  it('uses JAVA instead of java on PATH, and refuses one that does not run or is too old', () => {
    const javas = probes({
      javaVersion: (java) => ({ '/opt/jdk21/bin/java': 21, '/opt/jdk11/bin/java': 11 })[java] ?? null,
    })
    expect(findMissing({ JAVA: '/opt/jdk21/bin/java' }, javas)).toEqual({ packages: [], problems: [] })
    expect(findMissing({ JAVA: '/opt/jdk11/bin/java' }, javas).problems).toEqual([
      expect.stringContaining('is Java 11: the Nu HTML Checker needs 17 or later'),
    ])
    expect(findMissing({ JAVA: '/nowhere/java' }, javas).problems).toEqual([
      expect.stringContaining('JAVA=/nowhere/java does not run'),
    ])
  })

  it('pretends packages are missing when its own tests ask', () => {
    const env = { TEST_SETUP_PRETEND_MISSING: 'chromium, default-jre-headless' }
    expect(findMissing(env, probes()).packages).toEqual(['chromium', 'default-jre-headless'])
  })
})

describe('the decision', () => {
  it('does nothing when nothing is missing, root or not', () => {
    expect(plan({ packages: [], problems: [] }, { root: false, apt: true })).toEqual({ action: 'none' })
    expect(plan({ packages: [], problems: [] }, { root: true, apt: true })).toEqual({ action: 'none' })
  })

  it('installs as root, with one line saying what and why', () => {
    expect(plan({ packages: ['chromium', 'fonts-thai-tlwg'], problems: [] }, { root: true, apt: true })).toEqual({
      action: 'install',
      packages: ['chromium', 'fonts-thai-tlwg'],
      line: 'Installing from Debian for the tests: chromium (the browser tests), fonts-thai-tlwg (Thai text in the browser tests)',
    })
  })

  it('stops without root, with the command listing only what is missing', () => {
    const decision = plan({ packages: ['default-jre-headless'], problems: [] }, { root: false, apt: true })
    expect(decision.action).toBe('stop')
    const message = decision.action === 'stop' ? decision.message : ''
    expect(message).toContain('default-jre-headless (Java 17 or later for the Nu HTML Checker)')
    expect(message.split('\n').at(-1)?.trim()).toBe(
      'sudo apt-get update && sudo apt-get install -y default-jre-headless',
    )
    expect(message).not.toContain('chromium')
  })

  it('stops, even as root, when a path was set wrong (apt-get cannot fix it)', () => {
    const decision = plan(
      { packages: ['fonts-thai-tlwg'], problems: ['CHROMIUM_PATH=/x is not an executable file'] },
      { root: true, apt: true },
    )
    expect(decision.action).toBe('stop')
    const message = decision.action === 'stop' ? decision.message : ''
    expect(message).toContain('CHROMIUM_PATH=/x')
    expect(message).toContain('sudo apt-get install -y fonts-thai-tlwg')
  })

  it('stops on a machine without apt-get', () => {
    const decision = plan({ packages: ['chromium'], problems: [] }, { root: true, apt: false })
    expect(decision).toEqual({ action: 'stop', message: expect.stringContaining('no apt-get') })
  })
})

describe('running it', () => {
  it('prints nothing and runs nothing when everything is there', () => {
    for (const root of [true, false]) {
      const run = system({ root })
      expect(main({}, run.sys)).toBe(0)
      expect(run).toMatchObject({ calls: [], printed: [], errors: [] })
    }
  })

  it('without root: exits 1 at once with the command, installs nothing', () => {
    const run = system({ root: false, probes: probes({ executable: () => false, thaiFonts: () => false }) })
    expect(main({}, run.sys)).toBe(1)
    expect(run.calls).toEqual([])
    expect(run.printed).toEqual([])
    expect(run.errors).toHaveLength(1)
    expect(run.errors[0]).toContain('sudo apt-get install -y chromium fonts-thai-tlwg')
  })

  it('as root: one line, then apt-get update and a quiet, non-interactive install of what is missing', () => {
    const run = system({ root: true, probes: probes({ javaVersion: () => null }) })
    expect(main({ PATH: '/usr/bin' }, run.sys)).toBe(0)
    expect(run.printed).toEqual([
      'Installing from Debian for the tests: default-jre-headless (Java 17 or later for the Nu HTML Checker)',
    ])
    expect(run.errors).toEqual([])
    expect(run.calls.map(({ command, args }) => [command, ...args].join(' '))).toEqual([
      'apt-get update -qq',
      'apt-get install -y -qq default-jre-headless',
    ])
    for (const call of run.calls)
      expect(call.env).toMatchObject({ DEBIAN_FRONTEND: 'noninteractive', PATH: '/usr/bin' })
  })

  it('as root: a failing apt-get ends with a clear message and exit 1, without installing', () => {
    const run = system({
      root: true,
      probes: probes({ executable: () => false }),
      apt: [{ status: 100, output: 'E: Could not get lock /var/lib/apt/lists/lock\n' }],
    })
    expect(main({}, run.sys)).toBe(1)
    expect(run.calls).toHaveLength(1)
    expect(run.errors[0]).toContain('apt-get update failed (exit 100)')
    expect(run.errors[0]).toContain('install chromium yourself')
    expect(run.errors[0]).toContain('Could not get lock')
  })

  it('as root: says so when the install did not bring what the tests need', () => {
    const stillOld = probes({ javaVersion: () => 11 })
    const run = system({ root: true, probes: stillOld, afterInstall: stillOld })
    expect(main({}, run.sys)).toBe(1)
    expect(run.errors[0]).toContain('but the tests still lack: default-jre-headless')
  })
})

describe('the script on this machine', () => {
  it('reads the Java version the way java -version prints it (1.8 is 8)', async () => {
    // The real probe against stand-in "java" binaries: shell scripts printing what OpenJDK 17 and 8 print.
    const directory = await mkdtemp(join(tmpdir(), 'test-setup-'))
    const fakeJava = async (name: string, version: string) => {
      const file = join(directory, name)
      await writeFile(file, `#!/bin/sh\necho 'openjdk version "${version}" 2025-04-15' >&2\n`)
      await chmod(file, 0o755)
      return file
    }
    try {
      expect(machine.javaVersion(await fakeJava('java17', '17.0.15'))).toBe(17)
      expect(machine.javaVersion(await fakeJava('java8', '1.8.0_452'))).toBe(8)
      expect(machine.javaVersion(join(directory, 'absent'))).toBeNull()
      expect(machine.executable(join(directory, 'java17'))).toBe(true)
      expect(machine.executable(directory)).toBe(false)
    } finally {
      await rm(directory, { recursive: true, force: true })
    }
  })

  it('stops a user without root at once, naming what is missing', () => {
    const result = spawnSync(process.execPath, ['scripts/test-setup.mjs'], {
      encoding: 'utf8',
      env: { ...process.env, CHROMIUM_PATH: '/nowhere/chromium' },
    })
    expect(result.status).toBe(1)
    expect(result.stdout).toBe('')
    expect(result.stderr).toContain('CHROMIUM_PATH=/nowhere/chromium is not an executable file')
  })
})
