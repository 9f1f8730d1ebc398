import { serveDemo, type DemoServer, type ServeDemoOptions } from './serveDemo.js'
import { startDevnet, type Devnet } from './startDevnet.js'

/** Options of {@link startAll}. */
export interface StartAllOptions extends Omit<ServeDemoOptions, 'devnet'> {
  /** Port of the first anvil node (default: free ports). The demo server's port is `port`. */
  basePort?: number
}

/** The devnet and the demo server, running together. */
export interface AllServices {
  /** The running chains and tokens. */
  readonly devnet: Devnet
  /** The demo server. */
  readonly server: DemoServer
  /** The demo page's URL (same as `server.url`). */
  readonly url: string
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
  const { basePort, ...serverOptions } = options
  const devnet = await startDevnet({ basePort })
  let server: DemoServer
  try {
    server = await serveDemo({ ...serverOptions, devnet })
  } catch (error) {
    await devnet.stop()
    throw error
  }
  let stopping: Promise<void> | undefined
  return {
    devnet,
    server,
    url: server.url,
    stop: () =>
      (stopping ??= (async () => {
        await server.close()
        await devnet.stop()
      })())
  }
}
