import {
  custom,
  createPublicClient,
  defineChain,
  encodeFunctionData,
  hashMessage,
  hashTypedData,
  http,
  parseAbi,
  type Address,
  type Hex,
  type LocalAccount,
  type PublicClient,
  type TypedDataDefinition
} from 'viem'
import { createBundlerClient, entryPoint08Abi, getUserOperationTypedData, toSmartAccount, type SmartAccount } from 'viem/account-abstraction'
import type { Bundler, BundlerMethod } from '../bundler/Bundler.js'
import { SponsorshipRefused, type VerifyingPaymaster } from '../bundler/VerifyingPaymaster.js'
import type { ChainConfig, SmartAccountsConfig } from '../config/ServerConfig.js'

/** The WalletModalAccount's calls the embedded wallet makes (SimpleAccount's, plus ERC-1271). */
export const walletModalAccountAbi = parseAbi([
  'function execute(address target, uint256 value, bytes data)',
  'struct Call { address target; uint256 value; bytes data; }',
  'function executeBatch(Call[] calls)',
  'function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)',
  'function owner() view returns (address)'
])

/** The WalletModalAccountFactory's calls: the account of (owner, salt), made or not. */
export const walletModalAccountFactoryAbi = parseAbi([
  'function createAccount(address owner, uint256 salt) returns (address)',
  'function getAddress(address owner, uint256 salt) view returns (address)'
])

/** Each owner key has one account per factory: salt 0. */
const SALT = 0n

/**
 * A well-formed 65-byte signature that is not the owner's: what gas is estimated with before the
 * real one exists (the account returns "invalid signature" for it rather than reverting).
 */
const STUB_SIGNATURE: Hex =
  '0xfffffffffffffffffffffffffffffff0000000000000000000000000000000007aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1c'

/** A smart account's chain and contracts. */
export interface SmartAccountChain {
  chain: ChainConfig
  smart: SmartAccountsConfig
  /** The operator's paymaster on this chain, when one is configured: it pays for the first transaction. */
  paymaster?: VerifyingPaymaster
}

/** The eip155 chain id of a chain config (`eip155:31337` → 31337). */
export const evmChainId = (chain: ChainConfig): number => Number(chain.caipNetworkId.slice('eip155:'.length))

/**
 * The typed data an owner signs for `hash` to be valid for the account under ERC-1271: the
 * account's own EIP-712 domain, so the signature is good for this account on this chain only
 * (see `WalletModalAccount.sol`, `replaySafeHash`).
 */
export function replaySafeTypedData(account: Address, chainId: number, hash: Hex) {
  return {
    domain: { name: 'WalletModalAccount', version: '1', chainId, verifyingContract: account },
    types: { WalletModalMessage: [{ name: 'hash', type: 'bytes32' }] },
    primaryType: 'WalletModalMessage',
    message: { hash }
  } as const
}

/** A read-only client of the chain's node, with the chain's id (viem's account code asks for it). */
export function smartAccountClient({ chain }: SmartAccountChain, timeoutMs: number): PublicClient {
  const id = evmChainId(chain)
  return createPublicClient({
    chain: defineChain({ id, name: chain.name, nativeCurrency: chain.nativeCurrency, rpcUrls: { default: { http: [chain.rpcUrl] } } }),
    transport: http(chain.rpcUrl, { timeout: timeoutMs, retryCount: 0 }),
    ccipRead: false
  }) as PublicClient
}

/**
 * The embedded wallet's smart account on one chain, as a viem `SmartAccount`: a
 * WalletModalAccount (SimpleAccount v0.8 plus ERC-1271) owned by the person's eip155 key, made by
 * the chain's account factory with its first user operation (its address is known before).
 * viem hashes and packs user operations, reads the nonce (key 0: one sequence, so a replay is
 * refused) and wraps signatures in ERC-6492 while the account is not deployed.
 *
 * @param target - The chain and its smart-account contracts.
 * @param owner - The person's eip155 key (a local account).
 * @param client - The chain's node ({@link smartAccountClient}).
 */
export async function toEmbeddedSmartAccount(target: SmartAccountChain, owner: LocalAccount, client: PublicClient): Promise<SmartAccount> {
  const chainId = evmChainId(target.chain)
  const entryPoint = target.smart.entryPoint as Address
  const factory = target.smart.accountFactory as Address
  const address = await client.readContract({ address: factory, abi: walletModalAccountFactoryAbi, functionName: 'getAddress', args: [owner.address, SALT] })
  return toSmartAccount({
    client,
    entryPoint: { abi: entryPoint08Abi, address: entryPoint, version: '0.8' },
    async getAddress() {
      return address
    },
    async encodeCalls(calls) {
      if (calls.length === 1) {
        const [call] = calls
        return encodeFunctionData({ abi: walletModalAccountAbi, functionName: 'execute', args: [call!.to, call!.value ?? 0n, call!.data ?? '0x'] })
      }
      return encodeFunctionData({
        abi: walletModalAccountAbi,
        functionName: 'executeBatch',
        args: [calls.map(call => ({ target: call.to, value: call.value ?? 0n, data: call.data ?? '0x' }))]
      })
    },
    async getFactoryArgs() {
      return { factory, factoryData: encodeFunctionData({ abi: walletModalAccountFactoryAbi, functionName: 'createAccount', args: [owner.address, SALT] }) }
    },
    async getNonce() {
      return client.readContract({ address: entryPoint, abi: entryPoint08Abi, functionName: 'getNonce', args: [address, 0n] })
    },
    async getStubSignature() {
      return STUB_SIGNATURE
    },
    async signMessage({ message }) {
      return owner.signTypedData(replaySafeTypedData(address, chainId, hashMessage(message)))
    },
    async signTypedData(typedData) {
      return owner.signTypedData(replaySafeTypedData(address, chainId, hashTypedData(typedData as TypedDataDefinition)))
    },
    async signUserOperation(parameters) {
      const { chainId: _ignored, ...userOperation } = parameters
      return owner.signTypedData(getUserOperationTypedData({ chainId, entryPointAddress: entryPoint, userOperation: { ...userOperation, sender: address } }))
    }
  })
}

/**
 * Where an owner's smart account is (or will be) on a chain, and whether it is deployed: two
 * reads, no key needed.
 *
 * @param target - The chain and its smart-account contracts.
 * @param owner - The owner key's address.
 * @param client - The chain's node.
 */
export async function smartAccountState(target: SmartAccountChain, owner: Address, client: PublicClient): Promise<{ address: Address; deployed: boolean }> {
  const address = await client.readContract({
    address: target.smart.accountFactory as Address,
    abi: walletModalAccountFactoryAbi,
    functionName: 'getAddress',
    args: [owner, SALT]
  })
  const code = await client.getCode({ address })
  return { address, deployed: code !== undefined && code !== '0x' }
}

/** Longest wait for a user operation to be mined once the bundler took it. */
export const USER_OPERATION_WAIT_MS = 60_000

/**
 * Sends calls from the embedded smart account as one user operation through the chain's bundler
 * (called in-process: the server's own, or the one it forwards to), waits until it is mined, and
 * returns the bundle's transaction hash: what `eth_sendTransaction` answers, so the modal follows
 * the transaction as for any account. A call that reverts is thrown with the bundler's reason.
 *
 * With the operator's `paymaster`, the operation that deploys the account is sponsored (the
 * gasless first transaction); when the paymaster refuses (its gas limit, its deposit), the
 * operation is sent unsponsored, paid by the account as any other.
 *
 * @param account - The smart account ({@link toEmbeddedSmartAccount}).
 * @param client - The chain's node.
 * @param bundler - The chain's bundler.
 * @param calls - What to call, in order, atomically.
 * @param paymaster - The chain's paymaster, if the operator set one.
 */
export async function sendSmartAccountCalls(
  account: SmartAccount,
  client: PublicClient,
  bundler: Bundler,
  calls: readonly { to: Address; value?: bigint; data?: Hex }[],
  paymaster?: VerifyingPaymaster
): Promise<{ userOpHash: Hex; transactionHash: Hex; success: boolean; sponsored: boolean }> {
  const send = async (sponsor: VerifyingPaymaster | undefined) => {
    const bundlerClient = createBundlerClient({
      account,
      client,
      // The bundler's refusals are final (simulated on the latest state): not retried.
      transport: custom({ request: ({ method, params }) => bundler.request(method as BundlerMethod, params) }, { retryCount: 0 }),
      ...(sponsor ? { paymaster: sponsor.actions(await client.getChainId()) } : {})
    })
    const userOpHash = await bundlerClient.sendUserOperation({ calls: [...calls] })
    const receipt = await bundlerClient.waitForUserOperationReceipt({ hash: userOpHash, pollingInterval: 250, timeout: USER_OPERATION_WAIT_MS })
    return { userOpHash, transactionHash: receipt.receipt.transactionHash, success: receipt.success, sponsored: sponsor !== undefined }
  }
  // Only the deploying operation can be sponsored: asking for a later one would only be refused.
  const sponsor = paymaster && !(await account.isDeployed()) ? paymaster : undefined
  try {
    return await send(sponsor)
  } catch (error) {
    if (sponsor && refusedSponsorship(error)) return send(undefined)
    throw error
  }
}

/** Whether `error` or one of its causes (viem wraps what actions throw) is a {@link SponsorshipRefused}. */
function refusedSponsorship(error: unknown): boolean {
  let e: unknown = error
  while (e instanceof Error) {
    if (e instanceof SponsorshipRefused) return true
    e = e.cause
  }
  return false
}
