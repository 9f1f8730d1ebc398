import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { devnetPaths } from '../devnetPaths.js'

const NEXT_EXAMPLE_DIR = devnetPaths().nextExampleDir

/** Options of {@link startNextExample}. */
export interface StartNextExampleOptions {
  /** Port of `next start` (0: a free one). */
  port: number
  /** The devnet chain the example runs on. */
  chain: { chainId: number; rpcUrl: string }
  /** The demo server: the example takes the Devnet Wallet from it, as the demo page does. */
  demoUrl?: string
  /**
   * The devnet's wallet-modal server (project `demo`): with it the example offers WalletConnect
   * over the local relay and the e-mail and social wallet, as the demo does.
   */
  serviceUrl?: string
  /** Which wagmi major the example is built against (the repository holds both). */
  wagmiMajor?: '2' | '3'
  /** The build's folder inside the example (one per variant, so variants do not overwrite each other). */
  distDir?: string
}

/** The running example. */
export interface NextExample {
  url: string
  /** The build's folder, absolute. */
  distDir: string
  stop(): Promise<void>
}

/** Whether the example and Next.js are here (a checkout with its workspaces installed). */
export function nextExampleAvailable(): boolean {
  try {
    createRequire(`${NEXT_EXAMPLE_DIR}/package.json`).resolve('next/dist/bin/next')
    return existsSync(`${NEXT_EXAMPLE_DIR}/app/page.tsx`)
  } catch {
    return false
  }
}

/** Runs `next <args>` in the example; resolves on success, rejects with its output otherwise. */
function runNext(args: string[], env: Record<string, string>): ChildProcess & { done: Promise<void>; output(): string } {
  const bin = createRequire(`${NEXT_EXAMPLE_DIR}/package.json`).resolve('next/dist/bin/next')
  const child = spawn(process.execPath, [bin, ...args], {
    cwd: NEXT_EXAMPLE_DIR,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let out = ''
  child.stdout.on('data', d => (out += d))
  child.stderr.on('data', d => (out += d))
  const done = new Promise<void>((resolve, reject) => {
    child.on('error', reject)
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`next ${args[0]} ended with ${code ?? signal}:\n${out}`))))
  })
  return Object.assign(child, { done, output: () => out })
}

/** A port nothing listens on now (the OS's pick). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number }
      s.close(() => resolve(port))
    })
  })
}

/**
 * Builds the Next.js example (`next build`) for a devnet chain and serves it (`next start`) on
 * 127.0.0.1; resolves once it answers. With `demoUrl`, its pages load the Devnet Wallet from the
 * demo server (proxied on the example's own origin), so a person can connect on it.
 */
export async function startNextExample(options: StartNextExampleOptions): Promise<NextExample> {
  const distDir = options.distDir ?? '.next'
  const env: Record<string, string> = {
    WAGMI_MAJOR: options.wagmiMajor ?? '3',
    NEXT_DIST_DIR: distDir,
    NEXT_PUBLIC_RPC_URL: options.chain.rpcUrl,
    NEXT_PUBLIC_CHAIN_ID: String(options.chain.chainId),
    ...(options.demoUrl ? { WALLET_MODAL_DEVNET_URL: options.demoUrl } : {}),
    ...(options.serviceUrl ? { NEXT_PUBLIC_WALLET_MODAL_SERVICE_URL: options.serviceUrl, NEXT_PUBLIC_WALLET_MODAL_PROJECT_ID: 'demo' } : {})
  }
  await runNext(['build'], env).done
  const port = options.port || (await freePort())
  const server = runNext(['start', '-p', String(port), '-H', '127.0.0.1'], env)
  const url = `http://127.0.0.1:${port}`
  let failed: Error | undefined
  server.done.catch((e: Error) => void (failed = e))
  // Until it answers (each try bounded); `next start` ending first fails with its output.
  for (;;) {
    if (failed || server.exitCode !== null) throw failed ?? new Error(`next start ended:\n${server.output()}`)
    const ok = await fetch(url, { signal: AbortSignal.timeout(5000) }).then(
      () => true,
      () => false
    )
    if (ok) break
    await new Promise(r => setTimeout(r, 100))
  }
  return {
    url,
    distDir: `${NEXT_EXAMPLE_DIR}/${distDir}`,
    stop: () =>
      new Promise<void>(resolve => {
        if (server.exitCode !== null) return resolve()
        server.once('exit', () => resolve())
        server.kill('SIGTERM')
      })
  }
}
