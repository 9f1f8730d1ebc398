import { serveDemo, type DemoServer, type ServeDemoOptions } from './serveDemo.js'
import { startDevnet, type Devnet } from './startDevnet.js'

/** The wallet-modal server as startAll runs it. */
export interface ServiceServer {
  readonly url: string
  close(): Promise<void>
}

/** Options of {@link startAll}. */
export interface StartAllOptions extends Omit<ServeDemoOptions, 'devnet' | 'serviceUrl'> {
  /** Port of the first anvil node (default: free ports). The demo server's port is `port`. */
  basePort?: number
  /** Port of the wallet-modal server (default: a free one). */
  servicePort?: number
  /** Folder for the server's database (default: in memory). */
  serviceDataDir?: string
  /** Let tests make the server misbehave (its fault API). */
  enableFaults?: boolean
  /** Start no wallet-modal server (the demo then runs without directory, balances and analytics). */
  withoutServices?: boolean
}

/**
 * Starts the wallet-modal server (packages/server) on the devnet's chains: project `demo`,
 * allowed from any loopback origin.
 */
async function startServices(devnet: Devnet, options: StartAllOptions): Promise<ServiceServer> {
  const { createServer, demoServerConfig } = await import('@wallet-modal/server')
  const config = demoServerConfig({ chains: devnet.chains, tokens: devnet.tokens, origins: ['http://127.0.0.1:*', 'http://localhost:*'] })
  return createServer({ port: options.servicePort ?? 0, config, dataDir: options.serviceDataDir, enableFaults: options.enableFaults })
}

/** The devnet and the demo server, running together. */
export interface AllServices {
  /** The running chains and tokens. */
  readonly devnet: Devnet
  /** The demo server. */
  readonly server: DemoServer
  /** The demo page's URL (same as `server.url`). */
  readonly url: string
  /** The wallet-modal server, unless started without services. */
  readonly services?: ServiceServer
  /** Stops the server, then the chains. Safe to call more than once. */
  stop(): Promise<void>
}

/**
 * Starts the devnet and the demo server in front of it. If the server cannot start (port taken),
 * the chains are stopped again before the error is thrown.
 *
 * @param options - Demo server options plus `basePort` for the chains.
 */
export async function startAll(options: StartAllOptions = {}): Promise<AllServices> {
  const { basePort, servicePort, serviceDataDir, enableFaults, withoutServices, ...serverOptions } = options
  const devnet = await startDevnet({ basePort })
  let services: ServiceServer | undefined
  let server: DemoServer
  try {
    if (!withoutServices) services = await startServices(devnet, options)
    server = await serveDemo({ ...serverOptions, devnet, serviceUrl: services?.url })
  } catch (error) {
    await services?.close()
    await devnet.stop()
    throw error
  }
  let stopping: Promise<void> | undefined
  return {
    devnet,
    server,
    services,
    url: server.url,
    stop: () =>
      (stopping ??= (async () => {
        await server.close()
        await services?.close()
        await devnet.stop()
      })())
  }
}
