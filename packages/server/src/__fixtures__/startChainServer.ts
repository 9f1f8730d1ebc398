// The server of the chain-reading tests: the devnet's anvil chains (startDevnet), plus two broken
// chains: eip155:998, whose node is down, and eip155:999, whose node accepts connections and never
// answers (upstream timeout 500 ms).
import { createServer as createHttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { DEVNET_TOKEN_LIST_URL, findFreePort, startDevnet, type Devnet } from '@wallet-modal/devnet'
import { createServer, type WalletModalServer } from '../internal.js'
import { demoServerConfig } from '../config/demoServerConfig.js'

/** A running {@link startChainServer}. */
export interface ChainServer {
  devnet: Devnet
  server: WalletModalServer
  /** RPC URL of the devnet's first chain (eip155:31337). */
  rpcUrl: string
  /** Stops the server, the devnet and the silent node. */
  close(): Promise<void>
}

/**
 * Starts the devnet and a server on it with the demo configuration, the two broken chains and a
 * price of 2500 for eip155:31338's native coin (so prices per chain differ).
 */
export async function startChainServer(): Promise<ChainServer> {
  const silent = createHttpServer(() => {})
  await new Promise<void>(resolve => silent.listen(0, '127.0.0.1', resolve))
  const [devnet, deadPort] = await Promise.all([startDevnet(), findFreePort()])
  const stopSilent = () => {
    silent.closeAllConnections()
    silent.close()
  }
  try {
    const config = demoServerConfig({
      chains: devnet.chains,
      tokens: devnet.tokens,
      uniswap: devnet.uniswap,
      accountAbstraction: devnet.accountAbstraction,
      tokenLists: [DEVNET_TOKEN_LIST_URL],
      ens: devnet.ens
    })
    const extra = (id: number, url: string) => ({
      caipNetworkId: `eip155:${id}`,
      name: `Broken ${id}`,
      rpcUrl: url,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }
    })
    config.chains.push(extra(998, `http://127.0.0.1:${deadPort}`), extra(999, `http://127.0.0.1:${(silent.address() as AddressInfo).port}`))
    config.prices!['eip155:31338:native'] = 2500
    const server = await createServer({ config, upstreamTimeoutMs: 500 })
    return {
      devnet,
      server,
      rpcUrl: devnet.chains[0]!.rpcUrl,
      async close() {
        await server.close()
        await devnet.stop()
        stopSilent()
      }
    }
  } catch (error) {
    await devnet.stop()
    stopSilent()
    throw error
  }
}
