import { createRequire } from 'node:module'
import { createWalletClient, encodeFunctionData, getAddress, http, maxUint256, parseEther, type Abi, type Address, type Hex } from 'viem'
import { DEPLOYER_ACCOUNT, DEVNET_POOLS, DEVNET_TOKEN_DECIMALS, DEVNET_TOKENS, DEVNET_UNISWAP } from './constants.js'
import { waitForReceipt } from './waitForReceipt.js'

/** A published artifact: the ABI and the creation bytecode (hex, with or without 0x). */
interface PublishedArtifact {
  abi: Abi
  bytecode: string
}

// The published build outputs, read at run time (not bundled: together they are megabytes).
const require = createRequire(import.meta.url)
const artifact = (path: string): PublishedArtifact => require(path) as PublishedArtifact
const bytecodeOf = (a: PublishedArtifact): Hex => (a.bytecode.startsWith('0x') ? a.bytecode : `0x${a.bytecode}`) as Hex

/** The ABI fragments used here on the tokens (both devnet tokens take `approve`). */
const APPROVE_ABI = [
  {
    type: 'function',
    name: 'approve',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'spender', type: 'address' },
      { name: 'amount', type: 'uint256' }
    ],
    outputs: []
  }
] as const

/** Far in the future: liquidity is added at once, the deadline only has to be later than now. */
const DEADLINE = 2n ** 40n

/**
 * Deploys the real Uniswap V2 exchange (WETH9, UniswapV2Factory, UniswapV2Router02, from the
 * published `@uniswap/v2-core` and `@uniswap/v2-periphery` artifacts, unchanged: the router's
 * pair-address hash is the published pair's) on a chain where `deployTokens` just ran, and seeds
 * the {@link DEVNET_POOLS} from the deployer's tokens and ETH. Throws if an address differs from
 * {@link DEVNET_UNISWAP} (the chain was not fresh).
 *
 * @param rpcUrl - The anvil node's HTTP endpoint.
 * @example
 * ```ts
 * await deployTokens(anvil.url)
 * const { router } = await deployUniswap(anvil.url)
 * ```
 */
export async function deployUniswap(rpcUrl: string): Promise<typeof DEVNET_UNISWAP> {
  const wallet = createWalletClient({ account: DEPLOYER_ACCOUNT, transport: http(rpcUrl, { timeout: 10_000, retryCount: 0 }) })
  const mined = async (hash: Hex, what: string) => {
    const receipt = await waitForReceipt(rpcUrl, hash)
    if (receipt.status !== '0x1') throw new Error(`deployUniswap: ${what} (${hash}) failed on ${rpcUrl}`)
    return receipt
  }
  const deploy = async (name: keyof typeof DEVNET_UNISWAP, a: PublishedArtifact, args: readonly unknown[]) => {
    const hash = await wallet.deployContract({ abi: a.abi, bytecode: bytecodeOf(a), args, chain: null })
    const address = getAddress((await mined(hash, `deploying ${name}`)).contractAddress ?? '0x')
    if (address !== DEVNET_UNISWAP[name])
      throw new Error(`deployUniswap: ${name} landed at ${address} on ${rpcUrl}, expected ${DEVNET_UNISWAP[name]} (is the chain fresh?)`)
    return address
  }
  const weth = await deploy('weth', artifact('@uniswap/v2-periphery/build/WETH9.json'), [])
  const factory = await deploy('factory', artifact('@uniswap/v2-core/build/UniswapV2Factory.json'), [DEPLOYER_ACCOUNT])
  const routerArtifact = artifact('@uniswap/v2-periphery/build/UniswapV2Router02.json')
  const router = await deploy('router', routerArtifact, [factory, weth])

  const send = async (to: Address, data: Hex, what: string, value = 0n) => mined(await wallet.sendTransaction({ to, data, value, chain: null }), what)
  for (const token of [DEVNET_TOKENS.DUSD, DEVNET_TOKENS.USDT]) {
    await send(token, encodeFunctionData({ abi: APPROVE_ABI, functionName: 'approve', args: [router, maxUint256] }), 'approving the router')
  }
  const units = (whole: bigint) => whole * 10n ** BigInt(DEVNET_TOKEN_DECIMALS)
  const router02 = routerArtifact.abi
  for (const [symbol, pool] of [
    ['DUSD', DEVNET_POOLS['DUSD/ETH'].DUSD],
    ['USDT', DEVNET_POOLS['USDT/ETH'].USDT]
  ] as const) {
    const eth = symbol === 'DUSD' ? DEVNET_POOLS['DUSD/ETH'].ETH : DEVNET_POOLS['USDT/ETH'].ETH
    const data = encodeFunctionData({
      abi: router02,
      functionName: 'addLiquidityETH',
      args: [DEVNET_TOKENS[symbol], units(pool), 0n, 0n, DEPLOYER_ACCOUNT, DEADLINE]
    })
    await send(router, data, `seeding ${symbol}/ETH`, parseEther(eth.toString()))
  }
  const { DUSD, USDT } = DEVNET_POOLS['DUSD/USDT']
  const data = encodeFunctionData({
    abi: router02,
    functionName: 'addLiquidity',
    args: [DEVNET_TOKENS.DUSD, DEVNET_TOKENS.USDT, units(DUSD), units(USDT), 0n, 0n, DEPLOYER_ACCOUNT, DEADLINE]
  })
  await send(router, data, 'seeding DUSD/USDT')
  return { weth, factory, router } as typeof DEVNET_UNISWAP
}
