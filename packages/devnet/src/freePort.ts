import { createServer, type AddressInfo } from 'node:net'

/**
 * Asks the OS for a free TCP port on `host` by listening on port 0 and closing again.
 * Another process may grab the port before the caller binds it; callers that can retry do.
 *
 * @param host - Interface to probe (default 127.0.0.1).
 */
export function findFreePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.once('error', reject)
    server.listen(0, host, () => {
      const { port } = server.address() as AddressInfo
      server.close(() => resolve(port))
    })
  })
}

/**
 * Whether `port` can be bound on `host` right now.
 *
 * @param port - TCP port to test.
 * @param host - Interface to test (default 127.0.0.1).
 */
export function isPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise(resolve => {
    const server = createServer()
    server.unref()
    server.once('error', () => resolve(false))
    server.listen(port, host, () => server.close(() => resolve(true)))
  })
}

/**
 * A free TCP port below the kernel's ephemeral range (Linux hands out 32768-60999 to `listen(0)`
 * and to outgoing connections): for a port chosen now and bound later, which an ephemeral
 * allocation made in between (another server starting on port 0, a connection) could take.
 *
 * @param host - Interface to probe (default 127.0.0.1).
 */
export async function findFreeFixedPort(host = '127.0.0.1'): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000)
    if (await isPortFree(port, host)) return port
  }
  return findFreePort(host)
}
