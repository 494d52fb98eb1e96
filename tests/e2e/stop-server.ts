import type { ChildProcess } from 'node:child_process'

/** Stops a server a spec started: SIGTERM, then SIGKILL if it has not ended within `graceMs`. */
export async function stopServer(server: ChildProcess | null | undefined, graceMs = 8_000): Promise<void> {
  if (!server || server.exitCode !== null || server.signalCode !== null) return
  const ended = new Promise<void>((resolve) => server.once('exit', () => resolve()))
  server.kill('SIGTERM')
  const timer = setTimeout(() => server.kill('SIGKILL'), graceMs)
  await ended
  clearTimeout(timer)
}
