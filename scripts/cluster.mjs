#!/usr/bin/env node
/**
 * Scale-out mode on one machine (issue 8): Debian's PostgreSQL on loopback, several instances of the built
 * server on it, and nginx in front of them. Ctrl-C (or SIGTERM, or `node scripts/cluster.mjs stop`) stops all.
 *
 *   node scripts/cluster.mjs [--instances 2] [--port 3000] [--fresh] [--dir .cluster]
 *
 * The app instances listen on 127.0.0.1 from port+1 up; nginx listens on `port` and balances between them
 * (least connections), passing a request on to the next instance when one is down. Each instance goes into
 * service only once its /readyz answers 200 (database reachable and migrated); open-source nginx has no active
 * health checks, so it checks passively (see nginxConfig). `--fresh` starts from an empty
 * database (migrated and seeded again). Without a build (`.output`) it builds first.
 * Environment: everything the server reads (SITE_URL, GTM_ID …) is passed on to each instance.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync, chmodSync, chownSync } from 'node:fs'
import { resolve } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

const args = process.argv.slice(2)
function option(name, fallback) {
  const index = args.indexOf(`--${name}`)
  return index === -1 ? fallback : args[index + 1]
}
const command = args[0] && !args[0].startsWith('--') ? args[0] : 'start'
const instances = Number(option('instances', process.env.CLUSTER_INSTANCES ?? '2'))
const port = Number(option('port', process.env.PORT ?? '3000'))
const dir = resolve(option('dir', process.env.CLUSTER_DIR ?? '.cluster'))
const fresh = args.includes('--fresh')
const pgPort = Number(process.env.CLUSTER_PG_PORT ?? 25_000 + (port % 1000))
const pgDir = resolve(dir, 'pg')
const pidFile = resolve(dir, 'cluster.pid')
const root = process.getuid?.() === 0

function log(message) {
  console.log(`[cluster] ${message}`)
}

function pgBin() {
  const base = '/usr/lib/postgresql'
  const versions = existsSync(base) ? readdirSync(base).sort((a, b) => Number(a) - Number(b)) : []
  const bin = versions.length ? `${base}/${versions.at(-1)}/bin` : null
  return bin && existsSync(`${bin}/initdb`) ? bin : null
}

function run(cmd, argv, options = {}) {
  const asPostgres = options.asPostgres && root
  const result = spawnSync(asPostgres ? 'runuser' : cmd, asPostgres ? ['-u', 'postgres', '--', cmd, ...argv] : argv, {
    stdio: options.quiet ? 'pipe' : ['ignore', 'inherit', 'inherit'],
    encoding: 'utf8',
  })
  if (result.status !== 0 && !options.allowFailure) {
    throw new Error(`${cmd} ${argv.join(' ')} failed (${result.status}): ${result.stderr ?? ''}`)
  }
  return result
}

function ensureTools() {
  if (!pgBin() || !existsSync('/usr/sbin/nginx')) {
    if (!root) throw new Error('PostgreSQL and nginx are needed: apt-get install postgresql nginx')
    log('installing PostgreSQL and nginx from Debian')
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
    const installed = spawnSync('apt-get', ['install', '-y', '-qq', 'postgresql', 'nginx'], { stdio: 'inherit', env })
    if (installed.status !== 0) throw new Error('apt-get install postgresql nginx failed')
  }
}

function pgCtl(argv, options = {}) {
  return run(`${pgBin()}/pg_ctl`, ['-D', pgDir, ...argv], { asPostgres: true, ...options })
}

/** PostgreSQL on 127.0.0.1:pgPort with its data in the cluster directory (kept between runs unless --fresh). */
function startPostgres() {
  const bin = pgBin()
  if (!existsSync(resolve(pgDir, 'PG_VERSION'))) {
    mkdirSync(pgDir, { recursive: true })
    chmodSync(pgDir, 0o700)
    if (root) chownSync(pgDir, uidOf('postgres'), gidOf('postgres'))
    // C.UTF-8 so that pg_trgm treats Thai letters as word characters (stack.md).
    run(`${bin}/initdb`, ['-D', pgDir, '-U', 'postgres', '--auth=trust', '--locale=C.UTF-8', '--encoding=UTF8'], {
      asPostgres: true,
      quiet: true,
    })
  }
  if (pgCtl(['status'], { quiet: true, allowFailure: true }).status !== 0) {
    pgCtl(
      [
        '-l',
        resolve(pgDir, 'server.log'),
        '-w',
        '-o',
        `-c listen_addresses=127.0.0.1 -p ${pgPort} -k ${pgDir} -c max_connections=200`,
        'start',
      ],
      { quiet: true },
    )
  }
  const psql = (sqlText) =>
    run(`${bin}/psql`, ['-h', '127.0.0.1', '-p', String(pgPort), '-U', 'postgres', '-tAc', sqlText], {
      quiet: true,
      asPostgres: true,
    })
  if (fresh) psql('DROP DATABASE IF EXISTS store WITH (FORCE)')
  if (psql("SELECT 1 FROM pg_database WHERE datname = 'store'").stdout.trim() !== '1') psql('CREATE DATABASE store')
  log(`PostgreSQL on 127.0.0.1:${pgPort} (${pgDir})`)
  return `postgres://postgres@127.0.0.1:${pgPort}/store`
}

function uidOf(user) {
  return Number(spawnSync('id', ['-u', user], { encoding: 'utf8' }).stdout.trim())
}
function gidOf(user) {
  return Number(spawnSync('id', ['-g', user], { encoding: 'utf8' }).stdout.trim())
}

function nginxConfig() {
  const temp = resolve(dir, 'nginx')
  mkdirSync(temp, { recursive: true })
  // Passive health checks (open-source nginx has no active ones): an instance that refuses a connection, resets
  // it or times out once is left out for 2 s, then tried again. The instances' /readyz gates their start instead.
  const upstreams = Array.from(
    { length: instances },
    (_, i) => `    server 127.0.0.1:${port + 1 + i} max_fails=1 fail_timeout=2s;`,
  )
  const conf = `# Written by scripts/cluster.mjs
worker_processes 1;
pid ${temp}/nginx.pid;
error_log ${temp}/error.log warn;
daemon off;
${root ? 'user root;' : ''}
events { worker_connections 2048; }
http {
  access_log off;
  client_body_temp_path ${temp}/body;
  proxy_temp_path ${temp}/proxy;
  fastcgi_temp_path ${temp}/fastcgi;
  uwsgi_temp_path ${temp}/uwsgi;
  scgi_temp_path ${temp}/scgi;
  # The shop's own limit (src/server/nitro/body-limit.ts): a larger body is refused here, as JSON like the shop's.
  client_max_body_size 1m;
  # The request id the instances log and send back: the client's X-Request-Id, else one made by nginx.
  map $http_x_request_id $shop_request_id {
    default $http_x_request_id;
    '' $request_id;
  }
  upstream shop {
    least_conn;
${upstreams.join('\n')}
    keepalive 64;
  }
  server {
    listen ${port};
    # The client is who connects, except that a proxy on this machine in front of nginx (a tunnel, a local CDN
    # edge, the browser tests) may say who it is in X-Forwarded-For; from anywhere else the header is ignored.
    # The shop's per-connection limits (issue 15) count that address.
    set_real_ip_from 127.0.0.1;
    real_ip_header X-Forwarded-For;
    # nginx refuses some URLs itself before any instance sees them (an encoded NUL, a bad %-escape, a path
    # that climbs above the root): answered like the shop's own refusals, JSON with a code and a message.
    error_page 400 /__bad_request;
    location = /__bad_request {
      internal;
      default_type application/json;
      return 400 '{"code":400,"message":"Bad request"}';
    }
    error_page 413 /__too_large;
    location = /__too_large {
      internal;
      default_type application/json;
      add_header Cache-Control no-store always;
      return 413 '{"code":413,"message":"The request body is too large"}';
    }
    location / {
      proxy_pass http://shop;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Request-Id $shop_request_id;
      # An instance that is down (refused, reset before an answer) is skipped; a write is only passed on when
      # it never reached the instance. The idempotency key makes a shopper's retry of an order safe.
      # Not http_503: an instance answers 503 when PostgreSQL is down, and then every instance does; nginx would
      # count each 503 as a failure, mark all instances down and answer its own 502 "no live upstreams" for
      # fail_timeout instead of the shop's 503 page (tried on nginx 1.22). A stopping instance closes its
      # listener, which is an "error" here, so its requests still go to the others.
      proxy_next_upstream error timeout http_502;
      proxy_next_upstream_tries ${instances};
      proxy_connect_timeout 2s;
      proxy_read_timeout 60s;
    }
  }
}
`
  const file = resolve(dir, 'nginx.conf')
  writeFileSync(file, conf)
  return file
}

async function waitFor(url, timeoutMs, child) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${url}: the process ended (${child.exitCode})`)
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) })
      if (response.ok) return
    } catch {
      // not yet
    }
    await sleep(250)
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`)
}

/** `stop`: ends a running cluster, and whatever it left behind (a cluster killed without its clean-up). */
async function stopLeftovers() {
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8'))
    try {
      process.kill(pid, 'SIGTERM')
      log(`stopping the cluster (pid ${pid})`)
      for (let i = 0; i < 60 && existsSync(pidFile); i++) await sleep(250)
    } catch {
      // Not running any more.
    }
    rmSync(pidFile, { force: true })
  }
  const killPid = (pid, signal = 'SIGTERM') => {
    try {
      process.kill(pid, signal)
    } catch {
      // Already gone.
    }
  }
  const instancesFile = resolve(dir, 'instances.json')
  if (existsSync(instancesFile)) {
    for (const { pid } of JSON.parse(readFileSync(instancesFile, 'utf8'))) killPid(pid)
    rmSync(instancesFile, { force: true })
  }
  const nginxPid = resolve(dir, 'nginx', 'nginx.pid')
  if (existsSync(nginxPid)) killPid(Number(readFileSync(nginxPid, 'utf8')), 'SIGQUIT')
  if (pgBin() && existsSync(resolve(pgDir, 'postmaster.pid')))
    pgCtl(['-m', 'fast', '-w', 'stop'], { quiet: true, allowFailure: true })
  log('stopped')
}

/** Stops whatever was started; set once start() has begun. */
let stopAll = async (code) => process.exit(code)

async function start() {
  ensureTools()
  mkdirSync(dir, { recursive: true })
  if (root) chmodSync(dir, 0o755)
  if (!existsSync('.output/server/index.mjs')) {
    log('building')
    run('npm', ['run', 'build'], { quiet: false })
  }
  const databaseUrl = startPostgres()
  const children = []
  let stopping = false

  const stop = async (code) => {
    if (stopping) return
    stopping = true
    log('stopping')
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM')
    await Promise.all(
      children.map(
        (child) =>
          new Promise((done) => {
            if (child.exitCode !== null) return done()
            const timer = setTimeout(() => {
              child.kill('SIGKILL')
              done()
            }, 10_000)
            child.once('exit', () => {
              clearTimeout(timer)
              done()
            })
          }),
      ),
    )
    pgCtl(['-m', 'fast', '-w', 'stop'], { quiet: true, allowFailure: true })
    rmSync(pidFile, { force: true })
    log('stopped')
    process.exit(code)
  }
  stopAll = stop
  process.on('SIGINT', () => void stop(0))
  process.on('SIGTERM', () => void stop(0))
  writeFileSync(pidFile, String(process.pid))

  const siteUrl = process.env.SITE_URL ?? `http://localhost:${port}`
  const pids = []
  for (let i = 0; i < instances; i++) {
    const appPort = port + 1 + i
    const dataDir = resolve(dir, `app-${i + 1}`)
    mkdirSync(dataDir, { recursive: true })
    const child = spawn(process.execPath, ['.output/server/index.mjs'], {
      env: {
        ...process.env,
        PORT: String(appPort),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        SITE_URL: siteUrl,
        // The instance's name in its request log lines.
        INSTANCE_ID: `app-${i + 1}`,
        // nginx is the only client: the visitor's address is the one it forwards.
        TRUST_PROXY: 'true',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    })
    child.on('exit', (code, signal) => {
      if (!stopping) log(`instance ${i + 1} (port ${appPort}) ended: ${signal ?? code}`)
    })
    children.push(child)
    pids.push(child.pid)
    // In service only once ready: its database answers and every committed migration is applied. The first one
    // migrates and seeds; the others start once it is ready (the work is locked anyway).
    await waitFor(`http://127.0.0.1:${appPort}/readyz`, 180_000, child)
    log(`instance ${i + 1} on 127.0.0.1:${appPort} is ready (pid ${child.pid})`)
  }
  writeFileSync(resolve(dir, 'instances.json'), JSON.stringify(pids.map((pid, i) => ({ pid, port: port + 1 + i }))))

  const config = nginxConfig()
  const nginx = spawn('/usr/sbin/nginx', ['-c', config, '-e', resolve(dir, 'nginx', 'error.log')], {
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  nginx.on('exit', (code) => {
    if (!stopping) {
      log(`nginx ended (${code})`)
      void stop(1)
    }
  })
  children.push(nginx)
  await waitFor(`http://127.0.0.1:${port}/readyz`, 30_000, nginx)
  log(`the shop is on http://localhost:${port} (nginx → ${instances} instances on PostgreSQL). Ctrl-C stops all.`)
}

if (command === 'stop') await stopLeftovers()
else
  await start().catch((error) => {
    console.error(`[cluster] ${error instanceof Error ? error.message : error}`)
    void stopAll(1)
  })
