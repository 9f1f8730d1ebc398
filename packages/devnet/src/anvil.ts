import { spawn, type ChildProcess } from 'node:child_process'
import type { Socket } from 'node:net'
import { createPublicClient, http } from 'viem'
import { resolveAnvilBinary } from './anvilBinary.js'
import { findFreePort, isPortFree } from './freePort.js'

/** Options of {@link startAnvil}. */
export interface StartAnvilOptions {
  /** Chain id the node reports (`--chain-id`). */
  chainId: number
  /** TCP port on 127.0.0.1; 0 or undefined picks a free one. */
  port?: number
  /** How long to wait for the node to answer `eth_chainId` (default 15 s). */
  startTimeoutMs?: number
  /** Extra command-line arguments for anvil (e.g. `['--block-time', '1']`). */
  args?: readonly string[]
}

/** A running anvil node, as returned by {@link startAnvil}. */
export interface AnvilInstance {
  /** HTTP JSON-RPC endpoint, e.g. `http://127.0.0.1:8545`. */
  readonly url: string
  /** The port it listens on. */
  readonly port: number
  /** The chain id it reports. */
  readonly chainId: number
  /** Process id of the anvil process itself. */
  readonly pid: number
  /** Stops the node and resolves once it has exited. Safe to call more than once. */
  stop(): Promise<void>
}

const HOST = '127.0.0.1'

// anvil runs under a small sh watchdog so it cannot outlive this Node process: the watchdog
// reads its stdin (a pipe from us) until EOF and then kills anvil. EOF comes when stop() closes
// the pipe, or when this process dies in any way — even SIGKILL, where no exit handler runs.
// It prints anvil's pid first, and exits with anvil's status when anvil exits by itself.
const WATCHDOG = `
exec 3<&0
"$0" "$@" </dev/null >/dev/null 3<&- &
anvil=$!
echo "$anvil"
( while read -r _ <&3; do :; done; kill "$anvil" 2>/dev/null ) </dev/null &
watcher=$!
exec 3<&-
trap 'kill "$anvil" 2>/dev/null' TERM INT HUP
wait "$anvil"
code=$?
while kill -0 "$anvil" 2>/dev/null; do wait "$anvil"; code=$?; done
kill "$watcher" 2>/dev/null
exit "$code"
`

/**
 * Starts an anvil node on 127.0.0.1 and waits until it answers `eth_chainId`.
 *
 * With no port, picks a free one (and retries with another if it was taken in the meantime).
 * The node is killed when `stop()` is called or when this process exits, whichever comes first,
 * and does not keep the Node event loop alive by itself.
 *
 * @param options - See {@link StartAnvilOptions}.
 * @throws If the port is taken, anvil exits, or it does not answer within the timeout.
 */
export async function startAnvil(options: StartAnvilOptions): Promise<AnvilInstance> {
  const pickPort = !options.port
  for (let attempt = 1; ; attempt++) {
    const port = options.port || (await findFreePort(HOST))
    if (!pickPort && !(await isPortFree(port, HOST))) {
      throw new Error(`anvil: port ${port} on ${HOST} is already in use`)
    }
    try {
      return await launch(port, options)
    } catch (error) {
      // Only a port we picked can have been stolen between probing and binding.
      if (!pickPort || attempt >= 3 || !(error instanceof EarlyExitError)) throw error
    }
  }
}

class EarlyExitError extends Error {}

async function launch(port: number, options: StartAnvilOptions): Promise<AnvilInstance> {
  const { chainId } = options
  const url = `http://${HOST}:${port}`
  const args = ['--host', HOST, '--port', String(port), '--chain-id', String(chainId), '--quiet', ...(options.args ?? [])]
  const child = spawn('/bin/sh', ['-c', WATCHDOG, resolveAnvilBinary(), ...args], {
    stdio: ['pipe', 'pipe', 'pipe']
  })

  let stderr = ''
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-2000)
  })
  let exitCode: number | null | undefined
  const exited = new Promise<void>(resolve => {
    child.once('exit', code => {
      exitCode = code
      resolve()
    })
  })
  let anvilPid: number | undefined
  const pidRead = readPid(child).then(value => (anvilPid = value))
  // Neither the process nor its pipes should keep the event loop alive: the watchdog stops anvil
  // when we exit anyway. stop() takes a reference again while it waits.
  child.unref()
  for (const stream of [child.stdin, child.stdout, child.stderr]) (stream as Socket | null)?.unref()

  let stopping: Promise<void> | undefined
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      if (exitCode !== undefined) return
      child.ref()
      child.stdin?.end()
      const timer = setTimeout(() => {
        // The watchdog normally stops anvil at once; this is the last resort.
        if (anvilPid) tryKill(anvilPid)
        child.kill('SIGKILL')
      }, 5000)
      await exited
      clearTimeout(timer)
    })()
    return stopping
  }

  const deadline = Date.now() + (options.startTimeoutMs ?? 15_000)
  // Each probe gets a second: a node that is up answers eth_chainId in milliseconds.
  const probe = createPublicClient({ transport: http(url, { timeout: 1000, retryCount: 0 }) })
  for (;;) {
    if (exitCode !== undefined) {
      throw new EarlyExitError(`anvil (chain ${chainId}, port ${port}) exited with code ${exitCode} before answering${stderr ? `: ${stderr.trim()}` : ''}`)
    }
    try {
      const reported = await probe.getChainId()
      if (reported !== chainId) {
        await stop()
        throw new Error(`anvil: ${url} reports chain ${reported}, expected ${chainId} (another node on that port?)`)
      }
      break
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('anvil:')) throw error
      // Not listening yet: poll again.
    }
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`anvil (chain ${chainId}) did not answer on ${url} within ${options.startTimeoutMs ?? 15_000} ms${stderr ? `: ${stderr.trim()}` : ''}`)
    }
    await new Promise(resolve => setTimeout(resolve, 50))
  }

  await pidRead
  return { url, port, chainId, pid: anvilPid ?? child.pid ?? 0, stop }
}

// The watchdog's first line of output is anvil's pid.
function readPid(child: ChildProcess): Promise<number | undefined> {
  return new Promise(resolve => {
    let out = ''
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk
      const line = out.split('\n')[0]
      if (out.includes('\n') && line) resolve(Number(line))
    })
    child.once('exit', () => resolve(undefined))
  })
}

function tryKill(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL')
  } catch {
    // Already gone.
  }
}
