import type { Address, Hex } from 'viem'

/**
 * The ten accounts anvil creates from its default mnemonic ("test test ... junk"), in order.
 * They are unlocked on every devnet chain, so `eth_sendTransaction` and `personal_sign` work for
 * them without private keys. Checksummed.
 */
export const DEVNET_ACCOUNTS = [
  '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
  '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65',
  '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc',
  '0x976EA74026E726554dB657fA54763abd0C3a0aa9',
  '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955',
  '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f',
  '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720'
] as const satisfies readonly Address[]

/** Anvil account 0: deploys the tokens. Kept apart from the wallet account so its nonce stays predictable. */
export const DEPLOYER_ACCOUNT: Address = DEVNET_ACCOUNTS[0]

/** Anvil account 1: the account the Devnet Wallet connects with. */
export const WALLET_ACCOUNT: Address = DEVNET_ACCOUNTS[1]

/**
 * Private key of {@link WALLET_ACCOUNT}: anvil's well-known development key for account 1 (from
 * the public "test test ... junk" mnemonic, so it guards nothing). The browser Devnet Wallet does
 * not need it (anvil signs for unlocked accounts), but the WalletConnect dev wallet signs locally,
 * as a real wallet would.
 */
export const WALLET_PRIVATE_KEY: Hex = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'

/** The chains `startDevnet` starts, in order: the first one is the wallet's default chain. */
export const DEVNET_CHAINS = [
  { chainId: 31337, name: 'Devnet' },
  { chainId: 31338, name: 'Devnet 2' }
] as const satisfies readonly { chainId: number; name: string }[]

/**
 * Address of the 'Devnet USD' (DUSD) token on every devnet chain. Deterministic: the deployer's
 * first contract creation (nonce 0) on a fresh chain.
 */
export const DUSD_ADDRESS: Address = '0x5FbDB2315678afecb367f032d93F642f64180aa3'

/** Address of the USDT-like 'Devnet Tether' token on every devnet chain (deployer nonce 1). */
export const USDT_ADDRESS: Address = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'

/** The token addresses by symbol, as `startDevnet` and `/devnet.json` report them. */
export const DEVNET_TOKENS = { DUSD: DUSD_ADDRESS, USDT: USDT_ADDRESS } as const

/**
 * The account that deploys {@link DEVNET_LIST_TOKEN}: anvil account 9, which sends nothing else,
 * so the token lands at its nonce 0 and the deployer's nonces (which fix every other devnet
 * contract's address) are untouched.
 */
export const LIST_TOKEN_DEPLOYER: Address = DEVNET_ACCOUNTS[9]

/**
 * 'Devnet Listed' (DLST, 6 decimals): a devnet ERC-20 that no server configuration names, only
 * the devnet's token list ({@link DEVNET_TOKEN_LIST_URL}), so the balance answer shows a token
 * known from a token list alone. Deployed by {@link LIST_TOKEN_DEPLOYER} on every devnet chain;
 * only {@link WALLET_ACCOUNT} holds it ({@link INITIAL_TOKEN_BALANCE}).
 */
export const DEVNET_LIST_TOKEN = {
  address: '0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35',
  symbol: 'DLST',
  name: 'Devnet Listed',
  decimals: 6
} as const satisfies {
  address: Address
  symbol: string
  name: string
  decimals: number
}

/**
 * `file:` URL of the devnet's token list (packages/devnet/tokenlists/devnet.tokenlist.json, in
 * the Token Lists format): {@link DEVNET_LIST_TOKEN} on both devnet chains. This module sits one
 * level below the package both as source and bundled, so `../` is the package either way.
 */
export const DEVNET_TOKEN_LIST_URL: string = new URL('../tokenlists/devnet.tokenlist.json', import.meta.url).href

/** Both devnet tokens use 6 decimals, like USDC and USDT. */
export const DEVNET_TOKEN_DECIMALS = 6

/** How many of `DEVNET_ACCOUNTS` (from the first) receive tokens at deployment. */
export const FUNDED_ACCOUNT_COUNT = 5

/** Base units of each token minted to each funded account: 1,000,000 tokens. */
export const INITIAL_TOKEN_BALANCE = 1_000_000n * 10n ** BigInt(DEVNET_TOKEN_DECIMALS)

/**
 * The Uniswap V2 exchange on every devnet chain, deployed by `deployUniswap` from the published
 * npm artifacts (`@uniswap/v2-core`, `@uniswap/v2-periphery`) after the tokens: WETH9 (deployer
 * nonce 2), UniswapV2Factory (3) and UniswapV2Router02 (4).
 */
export const DEVNET_UNISWAP = {
  weth: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0',
  factory: '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9',
  router: '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9'
} as const satisfies Record<string, Address>

/**
 * The ERC-4337 contracts on every devnet chain, deployed by `deployAccountAbstraction` from the
 * published `@account-abstraction/contracts` 0.8.0 artifacts after the Uniswap exchange:
 * EntryPoint v0.8 (deployer nonce 10) and SimpleAccountFactory (11), whose accounts are
 * SimpleAccount v0.8 (ECDSA-owned, EIP-712 user-operation hashes); then, from
 * `contracts/WalletModalAccountFactory.sol` (12), the factory of the embedded wallet's accounts:
 * SimpleAccount plus ERC-1271 (`WalletModalAccount.sol`); and `contracts/WalletModalPaymaster.sol`
 * (13), a verifying paymaster that pays for what {@link DEVNET_PAYMASTER_SIGNER} signs, given
 * {@link DEVNET_PAYMASTER_DEPOSIT} at the EntryPoint (14).
 */
export const DEVNET_ACCOUNT_ABSTRACTION = {
  entryPoint: '0x610178dA211FEF7D417bC0e6FeD39F05609AD788',
  simpleAccountFactory: '0xB7f8BC63BbcaD18155201308C8f3540b07f84F5e',
  walletModalAccountFactory: '0xA51c1fc2f0D1a1b8494Ed1FE312d7C3a78Ed91C0',
  walletModalPaymaster: '0x0DCd1Bf9A1b36cE34237eEaFef220932846BCD82'
} as const satisfies Record<string, Address>

/**
 * The devnet paymaster's signer: the address of the well-known development key of the 11th
 * account of the "test test ... junk" mnemonic (anvil makes ten, so it holds nothing and sends
 * nothing). The server that sponsors operations holds its key (the demo's
 * `DEMO_PAYMASTER_SIGNER_KEY`).
 */
export const DEVNET_PAYMASTER_SIGNER: Address = '0xBcd4042DE499D14e55001CcbB24a551F3b954096'

/** What the deployer deposits at the EntryPoint for the devnet paymaster to pay with: 100 ETH. */
export const DEVNET_PAYMASTER_DEPOSIT = 100n * 10n ** 18n

/**
 * The pools the deployer seeds on every devnet chain, in whole units: 1 ETH = 3,000 DUSD =
 * 3,000 USDT (the demo server's prices), and 1 DUSD = 1 USDT. Deep enough for the demo's swaps to move the price little;
 * shallow enough that a test can drain one side to see "insufficient liquidity".
 */
export const DEVNET_POOLS = {
  'DUSD/ETH': { DUSD: 600_000n, ETH: 200n },
  'USDT/ETH': { USDT: 600_000n, ETH: 200n },
  'DUSD/USDT': { DUSD: 300_000n, USDT: 300_000n }
} as const

/**
 * Where the devnet installs its Multicall3 (`installMulticall3`): the canonical address, the one
 * Multicall3 has on nearly every EVM chain, so the modal's balance reads find it as on a real one.
 */
export const MULTICALL3_ADDRESS: Address = '0xcA11bde05977b3631167028862bE2a173976CA11'

/** A round avatar: a coloured circle with initials, as a `data:` URI (no request leaves the machine). */
const svgAvatar = (initials: string, colour: string): string =>
  `data:image/svg+xml;base64,${btoa(
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="${colour}"/><text x="32" y="41" font-family="sans-serif" font-size="24" font-weight="700" text-anchor="middle" fill="#fff">${initials}</text></svg>`
  )}`

/**
 * The ENS of the devnet: the real, published contracts (`@ensdomains/contracts` 0.0.3, unchanged)
 * deployed by `deployEns` on the first devnet chain only (31337: ENS lives on one chain, like
 * mainnet on Ethereum). `registry` is the ENSRegistryWithFallback (mainnet's registry, at
 * deployer nonce 1) over a plain ENSRegistry it falls back to (`oldRegistry`, nonce 0); `resolver`
 * the PublicResolver (nonce 2) that holds every devnet name's records and is the reverse
 * registrar's default resolver; `reverseRegistrar` the ReverseRegistrar (nonce 3) that owns
 * `addr.reverse`.
 *
 * `deployer` sends every ENS transaction except the reverse records (each named account sets its
 * own): the 12th account of the "test test ... junk" mnemonic (index 11, a well-known development
 * key). It is none of anvil's ten accounts, which other devnet code and tests all use (account 8
 * deploys price feeds and runs the demo's bundler), so its nonces, which fix these addresses on a
 * fresh chain, belong to ENS alone; `deployEns` impersonates it and gives it its ETH.
 *
 * @example
 * ```ts
 * const resolver = await client.readContract({ address: DEVNET_ENS.registry, abi, functionName: 'resolver', args: [namehash('devnet-wallet.eth')] })
 * ```
 */
export const DEVNET_ENS = {
  chainId: DEVNET_CHAINS[0].chainId,
  deployer: '0x71bE63f3384f5fb98995898A86B02Fb2426c5788',
  oldRegistry: '0x72bb9c7ffbE2Ed234e53bc64862DdA6d9fFF333b',
  registry: '0xF1478f211F027EBA42ca369ea976F1eB43C6bB53',
  resolver: '0x31c91FD3540b5cE5780AFe47E442814e229BC019',
  reverseRegistrar: '0x33A61dF860C1170C903f5BA1eF979570C962395E'
} as const satisfies { chainId: number } & Record<'deployer' | 'oldRegistry' | 'registry' | 'resolver' | 'reverseRegistrar', Address>

/**
 * The names `deployEns` registers under `eth` (owned by {@link DEVNET_ENS}'s deployer, resolver
 * {@link DEVNET_ENS}`.resolver`), by name: the address of the `addr` record (coin 60; `null`: no
 * record), the `avatar` text record (a `data:image/svg+xml;base64,…` SVG; `null`: none), and
 * whether that address's own reverse record names it (set by the account itself through the
 * ReverseRegistrar, so a resolver that checks both directions shows the name):
 * - `devnet-wallet.eth`: {@link WALLET_ACCOUNT} (anvil account 1), both ways;
 * - `devnet-friend.eth`: anvil account 2 (the demo's "friend"), both ways;
 * - `devnet-nobody.eth`: a name with the resolver but no records (resolves to no address).
 * See also {@link DEVNET_ENS_POISONED_REVERSE}, a reverse record that forward resolution denies.
 *
 * @example
 * ```ts
 * const { address, avatar } = DEVNET_ENS_NAMES['devnet-wallet.eth']
 * ```
 */
export const DEVNET_ENS_NAMES = {
  'devnet-wallet.eth': { address: DEVNET_ACCOUNTS[1], avatar: /* @__PURE__ */ svgAvatar('DW', '#2563eb'), reverse: true },
  'devnet-friend.eth': { address: DEVNET_ACCOUNTS[2], avatar: /* @__PURE__ */ svgAvatar('DF', '#16a34a'), reverse: true },
  'devnet-nobody.eth': { address: null, avatar: null, reverse: false }
} as const satisfies Record<string, { address: Address | null; avatar: string | null; reverse: boolean }>

/**
 * The poisoned reverse record `deployEns` leaves for tests: anvil account 3 claims
 * `devnet-wallet.eth` as its name through the ReverseRegistrar (anyone may write any name into
 * their own reverse record), but that name resolves to {@link WALLET_ACCOUNT}. A correct resolver
 * checks the forward record and shows no name for account 3.
 */
export const DEVNET_ENS_POISONED_REVERSE = { account: DEVNET_ACCOUNTS[3], name: 'devnet-wallet.eth' } as const satisfies {
  account: Address
  name: keyof typeof DEVNET_ENS_NAMES
}
