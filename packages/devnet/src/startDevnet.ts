import { startAnvil, type AnvilInstance } from './anvil.js'
import { DEVNET_ACCOUNT_ABSTRACTION, DEVNET_CHAINS, DEVNET_ENS, DEVNET_UNISWAP } from './constants.js'
import { deployTokens, type DevnetTokenAddresses } from './deployTokens.js'
import { deployUniswap } from './deployUniswap.js'
import { deployAccountAbstraction } from './deployAccountAbstraction.js'
import { deployEns } from './deployEns.js'
import { installMulticall3 } from './installMulticall3.js'
import { startSolanaDevnet } from './solana/startSolanaDevnet.js'

/** One chain of the devnet. */
export interface DevnetChain {
  /** EIP-155 chain id (31337, 31338). */
  readonly chainId: number
  /** Display name ('Devnet', 'Devnet 2'). */
  readonly name: string
  /** The anvil node's own HTTP endpoint (the demo page uses the same-origin proxy instead). */
  readonly rpcUrl: string
}

/** The local Solana network of the devnet (see `startSolanaDevnet`). */
export interface DevnetSolana {
  /** Its JSON-RPC endpoint (the demo page uses the same-origin proxy `/rpc/solana` instead). */
  readonly rpcUrl: string
  /** Its subscription WebSocket (RPC port + 1); pages connect to it directly. */
  readonly wsUrl: string
  /** CAIP-2 id, `SOLANA_CAIP_NETWORK_ID`. */
  readonly caipNetworkId: string
  /** Display name, 'Solana Devnet (local)'. */
  readonly name: string
  /** The Devnet Solana wallet's account (100 SOL, 1,000,000 DSPL). */
  readonly walletAddress: string
  /** The second funded account (10 SOL). */
  readonly receiverAddress: string
  /** The 'Devnet SPL' (DSPL, 6 decimals) mint. */
  readonly splMint?: string
}

/** A running devnet, as returned by {@link startDevnet}. */
export interface Devnet {
  /** The chains, in {@link DEVNET_CHAINS} order. */
  readonly chains: readonly DevnetChain[]
  /** Token addresses; identical on every chain. */
  readonly tokens: DevnetTokenAddresses
  /** The Uniswap V2 exchange (WETH, factory, router) with seeded pools; identical on every chain. */
  readonly uniswap: typeof DEVNET_UNISWAP
  /** The ERC-4337 EntryPoint v0.8 and SimpleAccountFactory, identical on every chain. */
  readonly accountAbstraction: typeof DEVNET_ACCOUNT_ABSTRACTION
  /** The ENS (registry, resolver, reverse registrar) with the devnet's names: on the first chain (31337) only. */
  readonly ens: typeof DEVNET_ENS
  /** The local Solana network. */
  readonly solana: DevnetSolana
  /** Stops every node and resolves once they have exited. Safe to call more than once. */
  stop(): Promise<void>
}

/** Options of {@link startDevnet}. */
export interface StartDevnetOptions {
  /** Port of the first chain; the next chains use the following ports. Default: free ports. */
  basePort?: number
  /** JSON-RPC port of the Solana network; its WebSocket uses the next one. Default: a free pair. */
  solanaPort?: number
}

/**
 * Starts the devnet: one anvil per entry of {@link DEVNET_CHAINS} ('Devnet' 31337 and
 * 'Devnet 2' 31338), each with DUSD and USDT deployed at the same addresses and Multicall3 at its
 * canonical address (`installMulticall3`); the first chain
 * also gets the ENS with the devnet's names (`deployEns`: ENS lives on one chain, as on mainnet);
 * and the local Solana network ('Solana Devnet (local)', with DSPL), in parallel.
 *
 * If anything fails half-way, the nodes already started are stopped before the error is thrown.
 *
 * @param options - See {@link StartDevnetOptions}.
 */
export async function startDevnet(options: StartDevnetOptions = {}): Promise<Devnet> {
  const started: { stop(): Promise<void> }[] = []
  const stop = async (): Promise<void> => {
    await Promise.all(started.map(node => node.stop()))
  }
  try {
    // Everything settles before anything throws, so a failure never leaves a node running.
    const [results, [solanaResult]] = await Promise.all([
      Promise.allSettled(
        DEVNET_CHAINS.map((chain, i) =>
          startAnvil({ chainId: chain.chainId, port: options.basePort ? options.basePort + i : undefined }).then(anvil => {
            started.push(anvil)
            return anvil
          })
        )
      ),
      Promise.allSettled([
        startSolanaDevnet({ port: options.solanaPort }).then(solana => {
          started.push(solana)
          return solana
        })
      ])
    ])
    const anvils: AnvilInstance[] = results.map(result => {
      if (result.status === 'rejected') throw result.reason
      return result.value
    })
    if (solanaResult.status === 'rejected') throw solanaResult.reason
    const { rpcUrl, wsUrl, caipNetworkId, name, walletAddress, receiverAddress, splMint } = solanaResult.value
    const solana: DevnetSolana = { rpcUrl, wsUrl, caipNetworkId, name, walletAddress, receiverAddress, splMint }
    const deployed = await Promise.all(
      anvils.map(async anvil => {
        const tokens = await deployTokens(anvil.url)
        await deployUniswap(anvil.url)
        await deployAccountAbstraction(anvil.url)
        // With no transaction: the contracts above keep their nonce-fixed addresses.
        await installMulticall3(anvil.url)
        // Last, and from a deployer of its own: no address above moves.
        if (anvil.chainId === DEVNET_ENS.chainId) await deployEns(anvil.url)
        return tokens
      })
    )
    // deployTokens already checks each chain against the constants; this states the invariant.
    const tokens = deployed[0]!
    if (deployed.some(t => t.DUSD !== tokens.DUSD || t.USDT !== tokens.USDT)) {
      throw new Error('startDevnet: token addresses differ between chains')
    }
    const chains = DEVNET_CHAINS.map((chain, i) => ({ chainId: chain.chainId, name: chain.name, rpcUrl: anvils[i]!.url }))
    return { chains, tokens, uniswap: DEVNET_UNISWAP, accountAbstraction: DEVNET_ACCOUNT_ABSTRACTION, ens: DEVNET_ENS, solana, stop }
  } catch (error) {
    await stop()
    throw error
  }
}
