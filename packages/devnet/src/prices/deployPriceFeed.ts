import { createWalletClient, getAddress, http, type Address, type Hex } from 'viem'
import { DEVNET_ACCOUNTS } from '../constants.js'
import { DEVNET_ARTIFACTS } from '../contracts/devnetArtifacts.js'
import { waitForReceipt } from '../waitForReceipt.js'

/**
 * Who deploys and updates the devnet's price feeds: an anvil account no other deployment uses,
 * so the tokens' and contracts' fixed addresses (set by their deployers' nonces) never move.
 */
export const PRICE_FEED_OWNER: Address = DEVNET_ACCOUNTS[8]

/** Options of {@link deployPriceFeed}. */
export interface PriceFeedOptions {
  /** Decimals of the answer (default 8, like Chainlink's USD feeds). */
  decimals?: number
  /** What the feed prices (default `'ETH / USD'`). */
  description?: string
  /** The first answer, with `decimals` decimals (e.g. 3000_00000000n for $3000). */
  answer: bigint
}

const wallet = (rpcUrl: string) => createWalletClient({ account: PRICE_FEED_OWNER, transport: http(rpcUrl, { timeout: 10_000, retryCount: 0 }) })

/**
 * Deploys a Chainlink-style USD feed (DevnetPriceFeed.sol: AggregatorV3Interface's reads) on an
 * anvil chain, from {@link PRICE_FEED_OWNER}, updated at the block's time.
 *
 * @example
 * const feed = await deployPriceFeed(rpcUrl, { answer: 3000_00000000n })
 *
 * @param rpcUrl - The anvil node.
 * @param options - Decimals, description and the first answer.
 * @returns The feed's address.
 */
export async function deployPriceFeed(rpcUrl: string, options: PriceFeedOptions): Promise<Address> {
  const { abi, bytecode } = DEVNET_ARTIFACTS.DevnetPriceFeed
  const hash = await wallet(rpcUrl).deployContract({
    abi,
    bytecode,
    args: [options.decimals ?? 8, options.description ?? 'ETH / USD', options.answer],
    chain: null
  })
  const receipt = await waitForReceipt(rpcUrl, hash)
  if (receipt.status !== '0x1' || !receipt.contractAddress) throw new Error(`deployPriceFeed: deployment ${hash} failed on ${rpcUrl}`)
  return getAddress(receipt.contractAddress)
}

/**
 * Sets a devnet feed's answer and the time it counts as updated (an old time makes it stale).
 *
 * @param rpcUrl - The anvil node.
 * @param feed - A feed from {@link deployPriceFeed}.
 * @param answer - The price, with the feed's decimals.
 * @param updatedAtSeconds - Unix time of the update.
 */
export async function setPriceFeedAnswer(rpcUrl: string, feed: Address, answer: bigint, updatedAtSeconds: number): Promise<void> {
  const { abi } = DEVNET_ARTIFACTS.DevnetPriceFeed
  const hash: Hex = await wallet(rpcUrl).writeContract({ address: feed, abi, functionName: 'setAnswer', args: [answer, BigInt(updatedAtSeconds)], chain: null })
  const receipt = await waitForReceipt(rpcUrl, hash)
  if (receipt.status !== '0x1') throw new Error(`setPriceFeedAnswer: ${hash} reverted on ${rpcUrl}`)
}
