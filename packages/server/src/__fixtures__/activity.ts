// Helpers of the activity feed's tests: a devnet with a server indexing it, accounts with their own
// roles, sending transactions, waiting for the indexer, and reading the feed page by page.
import assert from 'node:assert/strict'
import { encodeDeployData, encodeFunctionData, erc20Abi, parseEther, type Hex } from 'viem'
import {
  DEVNET_ACCOUNTS,
  DEVNET_ARTIFACTS,
  DUSD_ADDRESS,
  USDT_ADDRESS,
  jsonRpc,
  startDevnet,
  waitForReceipt,
  type Devnet,
  type DevnetReceipt
} from '@wallet-modal/devnet'
import { createServer, type HistoryPage, type HistoryTransaction, type WalletModalServer } from '../internal.js'
import { demoServerConfig } from '../config/demoServerConfig.js'
import { getJson, urlOf, type OrError } from './http.js'

// Accounts with their own roles, so each test reads a history no other test writes to.
/** Funded with DUSD and USDT at deployment. */
export const SENDER = DEVNET_ACCOUNTS[4]!
/** Funded with DUSD and USDT too. */
export const PAGER = DEVNET_ACCOUNTS[3]!
/** ETH only. */
export const DEPLOYER = DEVNET_ACCOUNTS[5]!
export const RECEIVER = '0x1000000000000000000000000000000000000b0b'
export const PAGED_RECEIVER = '0x1000000000000000000000000000000000000c0c'
export const OTHER_RECEIVER = '0x1000000000000000000000000000000000000d0d'

/** The config of devnet chain 31337 as the demo has it, on another node URL. */
export const devnetChain = (rpcUrl: string) =>
  demoServerConfig({ chains: [{ chainId: 31337, name: 'Devnet', rpcUrl }], tokens: { DUSD: DUSD_ADDRESS, USDT: USDT_ADDRESS } }).chains[0]!

/** Calldata of an ERC20 `transfer`. */
export const transferData = (to: string, amount: bigint): Hex => encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to as Hex, amount] })

/**
 * Sends a transaction from an unlocked account; resolves with its hash and receipt. The send gets
 * as long as the receipt (30 s, see waitForReceipt) rather than jsonRpc's 10 s: the sample
 * activity is sent while other test files load the machine.
 */
export async function send(rpcUrl: string, tx: Record<string, string>): Promise<{ hash: Hex; receipt: DevnetReceipt }> {
  const hash = await jsonRpc<Hex>(rpcUrl, 'eth_sendTransaction', [tx], { timeoutMs: 30_000 })
  return { hash, receipt: await waitForReceipt(rpcUrl, hash) }
}

/** Waits until a server's indexer has stored a chain up to the node's current head. */
export async function synced(server: WalletModalServer, chainId: string, rpcUrl: string): Promise<void> {
  const head = Number(await jsonRpc<Hex>(rpcUrl, 'eth_blockNumber'))
  await server.history!.waitForBlock(chainId, head)
}

/** One page of an account's history, as the server answers it. */
export const historyOf = (server: WalletModalServer, account: string, params: Record<string, string | undefined> = {}) =>
  getJson<OrError<HistoryPage>>(urlOf(server.url, `/v1/account/${account}/history`, params))

/** Every page of an account's history, following `next`. */
export async function allPages(server: WalletModalServer, account: string, params: Record<string, string> = {}): Promise<HistoryTransaction[][]> {
  const pages: HistoryTransaction[][] = []
  let cursor: string | undefined
  do {
    const { status, body } = await historyOf(server, account, { ...params, cursor })
    assert.equal(status, 200, JSON.stringify(body))
    pages.push(body.data)
    cursor = body.next ?? undefined
  } while (cursor && pages.length < 20)
  return pages
}

/**
 * Sends some of every kind of activity the indexer stores, from this file's accounts: ETH, DUSD
 * and USDT sends (SENDER to RECEIVER), twelve DUSD transfers (PAGER to PAGED_RECEIVER: three
 * pages of 5), a send on the second chain, a reverted USDT transfer, and a token DEPLOYER
 * deploys and moves to RECEIVER.
 *
 * @param rpc1 - Node of eip155:31337.
 * @param rpc2 - Node of eip155:31338.
 */
export async function sendSampleActivity(rpc1: string, rpc2: string): Promise<void> {
  await send(rpc1, { from: SENDER, to: RECEIVER, value: `0x${parseEther('0.5').toString(16)}` })
  await send(rpc1, { from: SENDER, to: DUSD_ADDRESS, data: transferData(RECEIVER, 10_000_000n) })
  await send(rpc1, { from: SENDER, to: USDT_ADDRESS, data: transferData(RECEIVER, 2_500_000n) })
  for (let i = 1; i <= 12; i++) await send(rpc1, { from: PAGER, to: DUSD_ADDRESS, data: transferData(PAGED_RECEIVER, BigInt(i) * 1_000_000n) })
  await send(rpc2, { from: SENDER, to: RECEIVER, value: '0x1' })
  // Above the balance: DevnetTether reverts. An explicit gas limit skips anvil's estimate, so it is mined.
  await send(rpc1, { from: SENDER, to: USDT_ADDRESS, data: transferData(OTHER_RECEIVER, 10n ** 15n), gas: '0x30000' })
  const artifact = DEVNET_ARTIFACTS.DevnetToken
  const deployed = await send(rpc1, {
    from: DEPLOYER,
    data: encodeDeployData({ abi: artifact.abi, bytecode: artifact.bytecode, args: ['Other Token', 'OTK', 8, [DEPLOYER], 10n ** 12n] })
  })
  await send(rpc1, { from: DEPLOYER, to: deployed.receipt.contractAddress!, data: transferData(RECEIVER, 150_000_000n) })
}

/** A running {@link startActivityServer}. */
export interface ActivityServer {
  devnet: Devnet
  /** Indexes both devnet chains from block 0, polling every 100 ms; pages of 5. */
  server: WalletModalServer
  /** Node of eip155:31337. */
  rpc1: string
  /** Node of eip155:31338. */
  rpc2: string
  /** Stops the server, then the devnet. */
  close(): Promise<void>
}

/** Starts the devnet and a server indexing its two chains (upstream timeout 2 s). */
export async function startActivityServer(): Promise<ActivityServer> {
  const devnet = await startDevnet()
  try {
    const config = demoServerConfig({ chains: devnet.chains, tokens: devnet.tokens })
    config.history = { pollMs: 100, pageSize: 5 }
    const server = await createServer({ config, upstreamTimeoutMs: 2000 })
    return {
      devnet,
      server,
      rpc1: devnet.chains[0]!.rpcUrl,
      rpc2: devnet.chains[1]!.rpcUrl,
      async close() {
        await server.close()
        await devnet.stop()
      }
    }
  } catch (error) {
    await devnet.stop()
    throw error
  }
}
