// The server of the Solana tests: the devnet's local Solana network (startSolanaDevnet), a Solana
// chain whose node is down (solana:deadbeef…), and an EVM chain that is named but never called.
import { findFreePort, startSolanaDevnet, type SolanaDevnet } from '@wallet-modal/devnet'
import { createServer, parseServerConfig, type WalletModalServer } from '../internal.js'
import { demoServerConfig } from '../config/demoServerConfig.js'

/** The devnet's token contracts, for configurations that only need to name them. */
export const DEVNET_TOKENS = { DUSD: '0x5FbDB2315678afecb367f032d93F642f64180aa3', USDT: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512' }

/** CAIP-2 id of the Solana chain whose node is down. */
export const DOWN_SOLANA_CHAIN = 'solana:deadbeefdeadbeefdeadbeefdeadbeef'

/** A running {@link startSolanaServer}. */
export interface SolanaServer {
  solana: SolanaDevnet
  server: WalletModalServer
  /** Stops the server and the Solana network. */
  close(): Promise<void>
}

/** Starts the local Solana network and a server on it (upstream timeout 1 s). */
export async function startSolanaServer(): Promise<SolanaServer> {
  const [solana, deadPort] = await Promise.all([startSolanaDevnet(), findFreePort()])
  try {
    // No EVM chain needs to run for these tests: the config only has to name one.
    const config = demoServerConfig({ chains: [{ chainId: 31337, name: 'Devnet', rpcUrl: `http://127.0.0.1:${deadPort}` }], tokens: DEVNET_TOKENS, solana })
    config.chains.push({
      caipNetworkId: DOWN_SOLANA_CHAIN,
      name: 'Down',
      rpcUrl: `http://127.0.0.1:${deadPort}`,
      nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 }
    })
    const server = await createServer({ config: parseServerConfig(config), upstreamTimeoutMs: 1000 })
    return {
      solana,
      server,
      async close() {
        await server.close()
        await solana.stop()
      }
    }
  } catch (error) {
    await solana.stop()
    throw error
  }
}
