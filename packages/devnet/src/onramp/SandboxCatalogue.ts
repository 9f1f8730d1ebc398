import type { Address } from 'viem'
import { SANDBOX_ASSETS, SANDBOX_FIAT_IN_USD, SANDBOX_LIMITS, sandboxCents, sandboxQuote, type SandboxAsset, type SandboxQuote } from './sandboxQuote.js'

/** The sandbox's name of the local Solana network. */
export const SANDBOX_SOLANA_NETWORK = 'solana-devnet'

/** A chain the sandbox sells DUSD on. */
export interface SandboxChain {
  chainId: number
  name: string
  rpcUrl: string
}

/** The local Solana network the sandbox sells SOL on. */
export interface SandboxSolana {
  rpcUrl: string
  caipNetworkId: string
  name: string
}

/** Network names the sandbox uses: `devnet` for the first chain, `devnet-2` and so on after. */
const networkName = (i: number) => (i === 0 ? 'devnet' : `devnet-${i + 1}`)

/**
 * What the sandbox sells where, and the checks every order passes (the API's quotes and sessions
 * apply the same ones): DUSD on each devnet chain, SOL on the local Solana network when there is one.
 *
 * @example
 * const catalogue = new SandboxCatalogue(devnet.chains, devnet.tokens.DUSD)
 * catalogue.quote('DUSD', 'devnet', '5', 'USD', 'card') // { reason: 'Amount must be between 20 and 5000 USD' }
 */
export class SandboxCatalogue {
  private readonly chains: ReadonlyMap<string, SandboxChain>

  constructor(
    private readonly chainList: readonly SandboxChain[],
    /** The DUSD contract (the same address on every devnet chain). */
    readonly dusd: Address,
    readonly solana?: SandboxSolana
  ) {
    this.chains = new Map(chainList.map((c, i) => [networkName(i), c]))
  }

  /** The EVM chain a network name stands for. */
  chain(network: string): SandboxChain | undefined {
    return this.chains.get(network)
  }

  /** How the checkout names a network: the chain's (or the Solana network's) display name. */
  displayName(network: string): string {
    return this.chains.get(network)?.name ?? this.solana?.name ?? network
  }

  /** The answer of `GET /api/options`: the assets with their networks, the currencies with their limits. */
  options(): unknown {
    const solana = this.solana
    return {
      purchaseCurrencies: [
        {
          id: 'DUSD',
          name: 'Devnet USD',
          symbol: 'DUSD',
          networks: this.chainList.map((c, i) => ({ name: networkName(i), display_name: c.name, chain_id: String(c.chainId), contract_address: this.dusd }))
        },
        ...(solana
          ? [
              {
                id: 'SOL',
                name: 'Solana',
                symbol: 'SOL',
                networks: [
                  {
                    name: SANDBOX_SOLANA_NETWORK,
                    display_name: solana.name,
                    chain_id: solana.caipNetworkId.slice(solana.caipNetworkId.indexOf(':') + 1),
                    contract_address: ''
                  }
                ]
              }
            ]
          : [])
      ],
      paymentCurrencies: Object.keys(SANDBOX_FIAT_IN_USD).map(id => ({
        id,
        payment_method_limits: Object.entries(SANDBOX_LIMITS).map(([method, l]) => ({ id: method, ...l }))
      }))
    }
  }

  /** A quote for an order, or the reason (a sentence for the buyer) there is none. */
  quote(
    asset: string,
    network: string,
    fiatAmount: string,
    fiatCurrency: string,
    method: string
  ): { quote: SandboxQuote; reason?: never } | { quote?: never; reason: string } {
    if (!(asset in SANDBOX_ASSETS)) return { reason: `The sandbox does not sell ${asset}` }
    if (!this.sells(asset, network)) return { reason: `The sandbox does not sell ${asset} on ${network}` }
    const limits = SANDBOX_LIMITS[method as keyof typeof SANDBOX_LIMITS]
    const amount = sandboxCents(fiatAmount)
    if (!limits || !(fiatCurrency in SANDBOX_FIAT_IN_USD)) return { reason: `The sandbox does not take ${method} in ${fiatCurrency}` }
    if (amount === undefined || amount < sandboxCents(limits.min)! || amount > sandboxCents(limits.max)!)
      return { reason: `Amount must be between ${limits.min} and ${limits.max} ${fiatCurrency}` }
    const q = sandboxQuote(fiatAmount, fiatCurrency, asset as SandboxAsset)
    return q ? { quote: q } : { reason: 'Amount too small' }
  }

  private sells(asset: string, network: string): boolean {
    return asset === 'DUSD' ? this.chains.has(network) : asset === 'SOL' && !!this.solana && network === SANDBOX_SOLANA_NETWORK
  }
}
