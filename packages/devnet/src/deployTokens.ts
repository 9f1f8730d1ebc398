import { createWalletClient, getAddress, http, type Address } from 'viem'
import {
  DEPLOYER_ACCOUNT,
  DEVNET_ACCOUNTS,
  DEVNET_LIST_TOKEN,
  DEVNET_TOKEN_DECIMALS,
  DEVNET_TOKENS,
  FUNDED_ACCOUNT_COUNT,
  INITIAL_TOKEN_BALANCE,
  LIST_TOKEN_DEPLOYER,
  WALLET_ACCOUNT
} from './constants.js'
import { DEVNET_ARTIFACTS, type ContractArtifact } from './contracts/devnetArtifacts.js'
import { waitForReceipt } from './waitForReceipt.js'

/** Addresses of the devnet tokens by symbol. */
export interface DevnetTokenAddresses {
  /** 'Devnet USD', a standard ERC-20 with 6 decimals. */
  readonly DUSD: Address
  /** 'Devnet Tether', USDT-like (no bool returns), 6 decimals. */
  readonly USDT: Address
}

/**
 * Deploys 'Devnet USD' (DUSD) and then 'Devnet Tether' (USDT) from anvil account 0 on a fresh
 * chain, minting {@link INITIAL_TOKEN_BALANCE} of each to the first {@link FUNDED_ACCOUNT_COUNT}
 * accounts.
 *
 * The deployer is unlocked on anvil, so viem's `deployContract` with the deployer as a JSON-RPC
 * account (plain `eth_sendTransaction`) is enough. The chain must be
 * fresh: the addresses are fixed by the deployer's nonces 0 and 1, and this throws if they differ
 * from {@link DEVNET_TOKENS} — every chain must hold the tokens at the same addresses.
 *
 * Then 'Devnet Listed' ({@link DEVNET_LIST_TOKEN}), the token only the devnet's token list names,
 * from {@link LIST_TOKEN_DEPLOYER} (its nonce 0, so the deployer's nonces stay as they were),
 * minting {@link INITIAL_TOKEN_BALANCE} to the wallet account only.
 *
 * @param rpcUrl - The anvil node's HTTP endpoint.
 */
export async function deployTokens(rpcUrl: string): Promise<DevnetTokenAddresses> {
  const holders = DEVNET_ACCOUNTS.slice(0, FUNDED_ACCOUNT_COUNT)
  const args = [holders, INITIAL_TOKEN_BALANCE] as const
  // Sequential on purpose: the nonce order decides the addresses.
  const DUSD = await deploy(rpcUrl, DEVNET_ARTIFACTS.DevnetToken, ['Devnet USD', 'DUSD', DEVNET_TOKEN_DECIMALS, ...args])
  const USDT = await deploy(rpcUrl, DEVNET_ARTIFACTS.DevnetTether, ['Devnet Tether', 'USDT', DEVNET_TOKEN_DECIMALS, ...args])
  const listed = DEVNET_LIST_TOKEN
  const DLST = await deploy(
    rpcUrl,
    DEVNET_ARTIFACTS.DevnetToken,
    [listed.name, listed.symbol, listed.decimals, [WALLET_ACCOUNT], INITIAL_TOKEN_BALANCE],
    LIST_TOKEN_DEPLOYER
  )
  for (const [symbol, address, expected] of [
    ['DUSD', DUSD, DEVNET_TOKENS.DUSD],
    ['USDT', USDT, DEVNET_TOKENS.USDT],
    ['DLST', DLST, listed.address]
  ] as const) {
    if (address !== expected) {
      throw new Error(`deployTokens: ${symbol} landed at ${address} on ${rpcUrl}, expected ${expected} (is the chain fresh?)`)
    }
  }
  return { DUSD, USDT }
}

async function deploy(rpcUrl: string, artifact: ContractArtifact, args: readonly unknown[], from: Address = DEPLOYER_ACCOUNT): Promise<Address> {
  const wallet = createWalletClient({ account: from, transport: http(rpcUrl, { timeout: 10_000, retryCount: 0 }) })
  const hash = await wallet.deployContract({ abi: artifact.abi, bytecode: artifact.bytecode, args, chain: null })
  const receipt = await waitForReceipt(rpcUrl, hash)
  if (receipt.status !== '0x1' || !receipt.contractAddress) throw new Error(`deployTokens: deployment ${hash} failed on ${rpcUrl}`)
  return getAddress(receipt.contractAddress)
}
