import { startAnvil, type AnvilInstance } from './anvil.js'
import { DEVNET_CHAINS } from './constants.js'
import { deployTokens, type DevnetTokenAddresses } from './deployTokens.js'

/** One chain of the devnet. */
export interface DevnetChain {
  /** EIP-155 chain id (31337, 31338). */
  readonly chainId: number
  /** Display name ('Devnet', 'Devnet 2'). */
  readonly name: string
  /** The anvil node's own HTTP endpoint (the demo page uses the same-origin proxy instead). */
  readonly rpcUrl: string
}

/** A running devnet, as returned by {@link startDevnet}. */
export interface Devnet {
  /** The chains, in {@link DEVNET_CHAINS} order. */
  readonly chains: readonly DevnetChain[]
  /** Token addresses; identical on every chain. */
  readonly tokens: DevnetTokenAddresses
  /** Stops every node and resolves once they have exited. Safe to call more than once. */
  stop(): Promise<void>
}

/** Options of {@link startDevnet}. */
export interface StartDevnetOptions {
  /** Port of the first chain; the next chains use the following ports. Default: free ports. */
  basePort?: number
}

/**
 * Starts the devnet: one anvil per entry of {@link DEVNET_CHAINS} ('Devnet' 31337 and
 * 'Devnet 2' 31338), each with DUSD and USDT deployed at the same addresses.
 *
 * If anything fails half-way, the nodes already started are stopped before the error is thrown.
 *
 * @param options - See {@link StartDevnetOptions}.
 */
export async function startDevnet(options: StartDevnetOptions = {}): Promise<Devnet> {
  const started: AnvilInstance[] = []
  const stop = async (): Promise<void> => {
    await Promise.all(started.map(anvil => anvil.stop()))
  }
  try {
    const results = await Promise.allSettled(
      DEVNET_CHAINS.map((chain, i) =>
        startAnvil({ chainId: chain.chainId, port: options.basePort ? options.basePort + i : undefined }).then(anvil => {
          started.push(anvil)
          return anvil
        })
      )
    )
    const anvils = results.map(result => {
      if (result.status === 'rejected') throw result.reason
      return result.value
    })
    const deployed = await Promise.all(anvils.map(anvil => deployTokens(anvil.url)))
    // deployTokens already checks each chain against the constants; this states the invariant.
    const tokens = deployed[0]!
    if (deployed.some(t => t.DUSD !== tokens.DUSD || t.USDT !== tokens.USDT)) {
      throw new Error('startDevnet: token addresses differ between chains')
    }
    const chains = DEVNET_CHAINS.map((chain, i) => ({ chainId: chain.chainId, name: chain.name, rpcUrl: anvils[i]!.url }))
    return { chains, tokens, stop }
  } catch (error) {
    await stop()
    throw error
  }
}
