import type { ServerConfig } from './ServerConfig.js'
import { DEFAULT_REMOTE_FEATURES } from './defaultRemoteFeatures.js'

/**
 * Anvil account 1, the account the Devnet Wallet connects with. Written out rather than imported:
 * the server is published, the devnet package is not.
 */
export const DEMO_WALLET_ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** Anvil account 2, a second known name for the Send view's receiver lookup. */
export const DEMO_FRIEND_ACCOUNT = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

/** How often the demo's history indexer polls the devnet chains (they mine on every transaction). */
export const DEMO_HISTORY_POLL_MS = 300

/** The demo's project id. */
export const DEMO_PROJECT_ID = 'demo'

/**
 * The analytics read token of the demo configuration (`GET /e` with `Authorization: Bearer …`).
 * Public, like everything of the demo: a real server sets its own secret.
 */
export const DEMO_ANALYTICS_READ_TOKEN = 'demo-analytics-read-token'

/** The origins the demo project allows when none are given: any local port. */
export const DEMO_ORIGINS = ['http://127.0.0.1:*', 'http://localhost:*']

/** The devnet's local Solana network, as `startDevnet().solana` describes it. */
export interface DemoSolanaInput {
  /** CAIP-2 id (`solana:` + genesis hash prefix). */
  caipNetworkId: string
  /** Display name, e.g. 'Solana Devnet (local)'. */
  name: string
  /** Its JSON-RPC endpoint (balances are read there; the RPC proxy forwards there). */
  rpcUrl: string
  /** The 'Devnet SPL' (DSPL, 6 decimals) mint, if the network has one. */
  splMint?: string
}

/** Input of {@link demoServerConfig}: what `startDevnet()` returns, plus the page origins. */
export interface DemoServerConfigInput {
  /** The devnet chains (`startDevnet().chains`). */
  chains: readonly { chainId: number; name: string; rpcUrl: string }[]
  /** The devnet token addresses (`startDevnet().tokens`), identical on every chain. */
  tokens: { DUSD: string; USDT: string }
  /** The local Solana network (`startDevnet().solana`); left out, the config has no solana chain. */
  solana?: DemoSolanaInput
  /** Allowed origins of the `demo` project (default {@link DEMO_ORIGINS}). */
  origins?: string[]
  /** The devnet's Uniswap V2 exchange (`startDevnet().uniswap`), identical on every chain: swaps on. */
  uniswap?: { router: string; factory: string; weth: string }
  /**
   * The devnet's ERC-4337 contracts (`startDevnet().accountAbstraction`), identical on every chain:
   * smart accounts on, with this server's own bundler paid by {@link DEMO_BUNDLER_OPERATOR_KEY};
   * with `walletModalPaymaster`, the paymaster (signed for by {@link DEMO_PAYMASTER_SIGNER_KEY})
   * pays for each new account's first transaction.
   */
  accountAbstraction?: { entryPoint: string; walletModalAccountFactory: string; walletModalPaymaster?: string }
  /**
   * The devnet's CoinGecko stand-in (`startCoinGeckoStandIn`): its API root and the asset
   * platform it lists the devnet's tokens under. The static prices stay overrides; a token without
   * one (the token list's DLST) is priced by the stand-in.
   */
  coinGecko?: { url: string; platform: string }
  /**
   * Token lists to read balances of besides the configured tokens (`tokenLists.urls`): the
   * devnet's own is `DEVNET_TOKEN_LIST_URL` (a `file:` URL), naming 'Devnet Listed' (DLST), a
   * token no configuration names. The Uniswap default list is left out: it names no devnet chain.
   */
  tokenLists?: string[]
  /**
   * The devnet's ENS (`DEVNET_ENS`: the chain holding it and its registry). With it, names come
   * from ENS (`devnet-wallet.eth`, `devnet-friend.eth`) instead of the configured identities,
   * which would override them.
   */
  ens?: { chainId: number; registry: string }
}

/**
 * The demo bundler's operator key: anvil's well-known development key of account 8
 * (0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f), funded on every devnet chain. Public, like every
 * devnet key: a real operator sets its own, and funds it.
 */
export const DEMO_BUNDLER_OPERATOR_KEY = '0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97'

/**
 * The demo paymaster's signer key: the well-known development key of the 11th account of the
 * "test test ... junk" mnemonic (0xBcd4042DE499D14e55001CcbB24a551F3b954096, the devnet
 * paymaster's `verifyingSigner`). Public, like every devnet key: a real operator deploys its own
 * paymaster with its own signer.
 */
export const DEMO_PAYMASTER_SIGNER_KEY = '0xf214f2b2cd398c806f84e317254e0f0b801d0643303237d97a22a48e01628897'

/**
 * The suffix of the demo's name service: its own, not the spec's `.reown.id` (the legacy `.wcn.id`
 * resolves too).
 */
export const DEMO_NAME_SUFFIX = '.walletmodal.id'

/** The USD prices the demo gives SOL and DSPL (only set when a Solana network is configured). */
export const DEMO_SOLANA_PRICES = { SOL: 150, DSPL: 1 } as const

/**
 * Builds the configuration the demo and the tests run with: project `demo`, the devnet chains
 * with ETH, DUSD ('Devnet USD') and USDT ('Devnet Tether', both 6 decimals), prices
 * DUSD = USDT = 1.00 and ETH = 3000, the spec's remote feature defaults (but multi-wallet on), analytics on, the
 * identities 'devnet-wallet.reown.id' for {@link DEMO_WALLET_ACCOUNT} and 'devnet-friend.reown.id'
 * for {@link DEMO_FRIEND_ACCOUNT} (with `ens`: none, the devnet's ENS names them), names registered under {@link DEMO_NAME_SUFFIX}, and the activity indexer polling every
 * {@link DEMO_HISTORY_POLL_MS} ms, and the token lists of `tokenLists` (without Uniswap's default list). With `solana`, the local
 * Solana network follows the EVM chains: SOL (9 decimals) and DSPL ('Devnet SPL', 6 decimals),
 * priced per {@link DEMO_SOLANA_PRICES}.
 *
 * The result is a fresh, mutable object: callers may add projects before starting the server.
 *
 * @param input - See {@link DemoServerConfigInput}.
 */
export function demoServerConfig(input: DemoServerConfigInput): ServerConfig {
  return {
    projects: [
      {
        id: DEMO_PROJECT_ID,
        name: 'Wallet Modal Demo',
        allowedOrigins: [...(input.origins ?? DEMO_ORIGINS)],
        // The spec's remote defaults, but multi-wallet on: the demo shows several wallets at once.
        features: DEFAULT_REMOTE_FEATURES.map(feature => ({ ...feature, ...(feature.id === 'multiWallet' ? { isEnabled: true } : {}) }))
      }
    ],
    chains: input.chains
      .map(chain => ({
        caipNetworkId: `eip155:${chain.chainId}`,
        name: chain.name,
        rpcUrl: chain.rpcUrl,
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        tokens: [
          { address: input.tokens.DUSD, symbol: 'DUSD', name: 'Devnet USD', decimals: 6 },
          { address: input.tokens.USDT, symbol: 'USDT', name: 'Devnet Tether', decimals: 6 }
        ],
        ...(input.uniswap ? { swap: { uniswapV2: { ...input.uniswap } } } : {}),
        ...(input.accountAbstraction
          ? {
              smartAccounts: {
                entryPoint: input.accountAbstraction.entryPoint,
                accountFactory: input.accountAbstraction.walletModalAccountFactory,
                bundler: { operatorKey: DEMO_BUNDLER_OPERATOR_KEY },
                ...(input.accountAbstraction.walletModalPaymaster
                  ? { paymaster: { address: input.accountAbstraction.walletModalPaymaster, signerKey: DEMO_PAYMASTER_SIGNER_KEY } }
                  : {})
              }
            }
          : {})
      }))
      .concat(
        input.solana
          ? [
              {
                caipNetworkId: input.solana.caipNetworkId,
                name: input.solana.name,
                rpcUrl: input.solana.rpcUrl,
                nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
                tokens: input.solana.splMint ? [{ address: input.solana.splMint, symbol: 'DSPL', name: 'Devnet SPL', decimals: 6 }] : []
              }
            ]
          : []
      ),
    prices: { DUSD: 1, USDT: 1, ETH: 3000, ...(input.solana ? DEMO_SOLANA_PRICES : {}) },
    ...(input.ens
      ? { ens: { chainId: `eip155:${input.ens.chainId}`, registry: input.ens.registry }, identities: {} }
      : {
          identities: {
            [DEMO_WALLET_ACCOUNT]: { name: 'devnet-wallet.reown.id', avatar: '/public/getAssetImage/avatar-devnet' },
            [DEMO_FRIEND_ACCOUNT]: { name: 'devnet-friend.reown.id', avatar: '/public/getAssetImage/avatar-friend' }
          }
        }),
    names: { suffix: DEMO_NAME_SUFFIX },
    analyticsEnabled: true,
    analyticsReadToken: DEMO_ANALYTICS_READ_TOKEN,
    ...(input.coinGecko
      ? {
          priceProviders: {
            coingecko: {
              baseUrl: input.coinGecko.url,
              networks: Object.fromEntries(
                input.chains.map(chain => [`eip155:${chain.chainId}`, { platform: input.coinGecko!.platform, nativeCoinId: 'ethereum' }])
              )
            }
          }
        }
      : {}),
    history: { pollMs: DEMO_HISTORY_POLL_MS },
    tokenLists: { default: false, urls: [...(input.tokenLists ?? [])] }
  }
}
