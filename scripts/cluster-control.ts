/**
 * Drives scripts/cluster.mjs from a script or a test: starts it, reads its instances, kills one, stops and starts
 * its PostgreSQL, and stops it all.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

export type ClusterInstance = { pid: number; port: number }

export type Cluster = {
  /** nginx, in front of the instances. */
  base: string
  /** The cluster's PostgreSQL database. */
  databaseUrl: string
  instances: () => ClusterInstance[]
  /** SIGKILL, as a crash: no clean-up of any kind. */
  killInstance: (index: number) => void
  stopPostgres: () => void
  startPostgres: () => void
  /** PostgreSQL ends as in a crash (`pg_ctl -m immediate`: no checkpoint; recovery replays the WAL at start). */
  crashPostgres: () => void
  stop: () => Promise<void>
}

function pgBin(): string {
  const base = '/usr/lib/postgresql'
  const versions = existsSync(base) ? readdirSync(base).sort((a, b) => Number(a) - Number(b)) : []
  const version = versions.at(-1)
  if (!version) throw new Error('PostgreSQL is not installed')
  return `${base}/${version}/bin`
}

function pgCtl(args: string[]): void {
  const root = process.getuid?.() === 0
  const command = `${pgBin()}/pg_ctl`
  const result = spawnSync(root ? 'runuser' : command, root ? ['-u', 'postgres', '--', command, ...args] : args, {
    encoding: 'utf8',
  })
  if (result.status !== 0) throw new Error(`pg_ctl ${args.join(' ')} failed: ${result.stderr}`)
}

async function waitForOk(url: string, timeoutMs: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the cluster ended (${child.exitCode}) before ${url} answered`)
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) })
      await response.arrayBuffer()
      if (response.ok) return
    } catch {
      // not yet
    }
    await sleep(300)
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`)
}

/**
 * Starts a fresh cluster (empty database) of the built server: nginx on `port`, instances on the next ports,
 * PostgreSQL on `pgPort` (default 25000 + port % 1000: below Linux's ephemeral ports, 32768–60999, where a client
 * connection's own port could take it first), everything under `dir`.
 */
export async function startCluster(options: {
  port: number
  dir: string
  instances?: number
  env?: Record<string, string>
  quiet?: boolean
  /** From an empty database (the default); false starts again on the database in `dir`. */
  fresh?: boolean
  pgPort?: number
}): Promise<Cluster> {
  const dir = resolve(options.dir)
  const pgPort = options.pgPort ?? 25_000 + (options.port % 1000)
  // Another cluster on the port would answer the readiness check below, and be measured instead of this one.
  const taken = await fetch(`http://127.0.0.1:${options.port}/readyz`, { signal: AbortSignal.timeout(1_000) }).then(
    () => true,
    () => false,
  )
  if (taken) throw new Error(`port ${options.port} is taken by another server (--port)`)
  const child = spawn(
    process.execPath,
    [
      'scripts/cluster.mjs',
      ...(options.fresh === false ? [] : ['--fresh']),
      '--port',
      String(options.port),
      '--instances',
      String(options.instances ?? 2),
      '--dir',
      dir,
    ],
    {
      env: { ...process.env, ...options.env, CLUSTER_PG_PORT: String(pgPort) },
      stdio: ['ignore', options.quiet === false ? 'inherit' : 'ignore', 'inherit'],
    },
  )
  const ended = new Promise<void>((done) => child.once('exit', () => done()))
  const base = `http://127.0.0.1:${options.port}`
  try {
    await waitForOk(`${base}/readyz`, 300_000, child)
  } catch (error) {
    child.kill('SIGTERM')
    await ended
    throw error
  }
  const pgDir = resolve(dir, 'pg')
  const startArgs = [
    '-D',
    pgDir,
    '-l',
    resolve(pgDir, 'server.log'),
    '-w',
    '-o',
    `-c listen_addresses=127.0.0.1 -p ${pgPort} -k ${pgDir} -c max_connections=200`,
    'start',
  ]
  const instances = () => JSON.parse(readFileSync(resolve(dir, 'instances.json'), 'utf8')) as ClusterInstance[]
  return {
    base,
    databaseUrl: `postgres://postgres@127.0.0.1:${pgPort}/store`,
    instances,
    killInstance(index) {
      const instance = instances()[index]
      if (!instance) throw new Error(`no instance ${index}`)
      process.kill(instance.pid, 'SIGKILL')
    },
    stopPostgres: () => pgCtl(['-D', pgDir, '-m', 'fast', '-w', 'stop']),
    crashPostgres: () => pgCtl(['-D', pgDir, '-m', 'immediate', '-w', 'stop']),
    startPostgres: () => pgCtl(startArgs),
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000)
      await ended
      clearTimeout(timer)
    },
  }
}

/** Resident memory of a process in MB, from /proc; null when it is gone. */
export function residentMb(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)
    return match ? Number(match[1]) / 1024 : null
  } catch {
    return null
  }
}
