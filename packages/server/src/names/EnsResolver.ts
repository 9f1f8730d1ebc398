import {
  BaseError,
  ContractFunctionRevertedError,
  ContractFunctionZeroDataError,
  decodeFunctionResult,
  encodeFunctionData,
  getAddress,
  isAddressEqual,
  zeroAddress,
  type Address,
  type Hex,
  type PublicClient
} from 'viem'
import { namehash, normalize, packetToBytes } from 'viem/ens'
import { CcipGatewayRefused } from './allowListedCcipRequest.js'
import { ExpiringCache } from './ExpiringCache.js'
import { ensAvatarUrl } from './ensAvatarUrl.js'

/** ENSIP-10's extended resolver interface (`resolve(bytes,bytes)`). */
const EXTENDED_RESOLVER_INTERFACE = '0x9061b923'

const REGISTRY_ABI = [
  { type: 'function', name: 'resolver', stateMutability: 'view', inputs: [{ name: 'node', type: 'bytes32' }], outputs: [{ type: 'address' }] }
] as const

const RESOLVER_ABI = [
  { type: 'function', name: 'addr', stateMutability: 'view', inputs: [{ name: 'node', type: 'bytes32' }], outputs: [{ type: 'address' }] },
  { type: 'function', name: 'name', stateMutability: 'view', inputs: [{ name: 'node', type: 'bytes32' }], outputs: [{ type: 'string' }] },
  {
    type: 'function',
    name: 'text',
    stateMutability: 'view',
    inputs: [
      { name: 'node', type: 'bytes32' },
      { name: 'key', type: 'string' }
    ],
    outputs: [{ type: 'string' }]
  },
  { type: 'function', name: 'supportsInterface', stateMutability: 'view', inputs: [{ name: 'id', type: 'bytes4' }], outputs: [{ type: 'bool' }] },
  {
    type: 'function',
    name: 'resolve',
    stateMutability: 'view',
    inputs: [
      { name: 'name', type: 'bytes' },
      { name: 'data', type: 'bytes' }
    ],
    outputs: [{ type: 'bytes' }]
  }
] as const

type RecordCall =
  | { functionName: 'addr'; args: readonly [Hex] }
  | { functionName: 'name'; args: readonly [Hex] }
  | { functionName: 'text'; args: readonly [Hex, string] }

/** The registry deployed on Ethereum mainnet, Sepolia and Holesky (ENS docs, "Deployments"). */
export const ENS_REGISTRY_ADDRESS: Address = '0x00000000000C2E074eC69A0dFb2997BA6C7d2e1e'

/** An ENS name's profile: its address (coin type 60) and avatar image URL, null where it has none. */
export interface EnsProfile {
  name: string
  address: Address
  avatar: string | null
}

/** Settings of {@link EnsResolver}. */
export interface EnsResolverOptions {
  /** The ENS registry (default {@link ENS_REGISTRY_ADDRESS}). */
  registry?: Address
  /** How long an answer is kept, in ms (default 5 minutes; "no name" 1 minute). */
  cacheMs?: number
  /** Where `ipfs://` avatars are loaded from (default `https://ipfs.io/ipfs/`). */
  ipfsGateway?: string
  /** Serves NFT avatars (`eip155:…` records) by name (default `https://metadata.ens.domains/mainnet/avatar/`); none: they are left out. */
  nftAvatarService?: string | null
  /** Most names and addresses kept (default 10 000). */
  maxEntries?: number
  /** The clock (tests move it). */
  now?: () => number
}

/**
 * ENS resolution with viem, straight from the registry (ENSIP-1, ENSIP-10 wildcard resolvers,
 * ENSIP-3 reverse records, ENSIP-12 avatars): the same calls on mainnet and on the devnet's
 * deployed ENS. The client decides CCIP-Read: give it {@link allowListedCcipRequest} so a
 * wildcard resolver's off-chain answer comes only from allow-listed gateways.
 *
 * - `address(name)`: the name's ETH address, null when it has none (or cannot be a name);
 * - `name(address)`: the address's primary name, **checked forward** (a reverse record anyone can
 *   set to `vitalik.eth` counts only if `vitalik.eth` resolves back to the address);
 * - `profile(name)`: address and avatar URL.
 *
 * Answers are cached ({@link ExpiringCache}); a node that fails or times out rejects (the caller
 * decides whether a name is a nicety or needed).
 *
 * @example
 * ```ts
 * const ens = new EnsResolver(createPublicClient({ transport: http(rpcUrl), ccipRead: false }))
 * await ens.name('0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045') // 'vitalik.eth'
 * ```
 */
export class EnsResolver {
  private readonly registry: Address
  private readonly cacheMs: number
  private readonly names: ExpiringCache<string | null>
  private readonly profiles: ExpiringCache<EnsProfile | null>
  private readonly ipfsGateway: string
  private readonly nftAvatarService: string | null

  /**
   * @param client - The ENS chain's node (mainnet's for real names).
   * @param options - See {@link EnsResolverOptions}.
   */
  constructor(
    private readonly client: PublicClient,
    options: EnsResolverOptions = {}
  ) {
    this.registry = options.registry ?? ENS_REGISTRY_ADDRESS
    this.cacheMs = options.cacheMs ?? 300_000
    this.names = new ExpiringCache(options.maxEntries ?? 10_000, options.now)
    this.profiles = new ExpiringCache(options.maxEntries ?? 10_000, options.now)
    this.ipfsGateway = options.ipfsGateway ?? 'https://ipfs.io/ipfs/'
    this.nftAvatarService = options.nftAvatarService === undefined ? 'https://metadata.ens.domains/mainnet/avatar/' : options.nftAvatarService
  }

  /** How long an answer is kept: "none" answers for a minute at most (a name just set shows soon). */
  private ttlOf = (value: unknown) => (value === null ? Math.min(this.cacheMs, 60_000) : this.cacheMs)

  /**
   * The name's profile (address and avatar), null when it has no address.
   *
   * @param name - A name (`vitalik.eth`), any case.
   */
  profile(name: string): Promise<EnsProfile | null> {
    let normal: string
    try {
      normal = normalize(name)
    } catch {
      return Promise.resolve(null)
    }
    return this.profiles.get(normal, this.cacheMs, () => this.loadProfile(normal), this.ttlOf)
  }

  /**
   * The name's ETH address, null when it has none.
   *
   * @param name - A name, any case.
   */
  async address(name: string): Promise<Address | null> {
    return (await this.profile(name))?.address ?? null
  }

  /**
   * The address's primary name, checked forward; null when it has none or the check fails.
   *
   * @param address - An EVM address.
   */
  name(address: Address): Promise<string | null> {
    const key = address.toLowerCase()
    return this.names.get(key, this.cacheMs, () => this.loadName(getAddress(address)), this.ttlOf)
  }

  private async loadName(address: Address): Promise<string | null> {
    const node = namehash(`${address.slice(2).toLowerCase()}.addr.reverse`)
    const resolver = await this.resolverOf(node)
    if (!resolver) return null
    const claimed = await this.read(resolver, { functionName: 'name', args: [node] }).catch(swallowRevert)
    if (typeof claimed !== 'string' || !claimed) return null
    let normal: string
    try {
      normal = normalize(claimed)
    } catch {
      return null
    }
    // A reverse record is the address owner's claim; the name's owner must agree (ENS docs, "Primary name").
    if (normal !== claimed) return null
    const forward = await this.address(normal)
    return forward && isAddressEqual(forward, address) ? normal : null
  }

  private async loadProfile(name: string): Promise<EnsProfile | null> {
    const found = await this.findResolver(name)
    if (!found) return null
    const node = namehash(name)
    const call = (record: RecordCall) => (found.extended ? this.resolveExtended(found.resolver, name, record) : this.read(found.resolver, record))
    const address = (await call({ functionName: 'addr', args: [node] }).catch(swallowRevert)) as Address | null
    if (!address || address === zeroAddress) return null
    const record = (await call({ functionName: 'text', args: [node, 'avatar'] }).catch(swallowRevert)) as string | null
    const avatar = record ? ensAvatarUrl(record, name, { ipfsGateway: this.ipfsGateway, nftAvatarService: this.nftAvatarService }) : null
    return { name, address: getAddress(address), avatar }
  }

  /** The resolver set on `node` itself, if any. */
  private async resolverOf(node: Hex): Promise<Address | null> {
    const resolver = await this.client.readContract({ address: this.registry, abi: REGISTRY_ABI, functionName: 'resolver', args: [node] })
    return resolver === zeroAddress ? null : resolver
  }

  /**
   * ENSIP-10: the name's resolver, else its closest ancestor's when that one is an extended
   * (wildcard) resolver. `extended` says to call `resolve(name, data)` rather than the record.
   */
  private async findResolver(name: string): Promise<{ resolver: Address; extended: boolean } | null> {
    const labels = name.split('.')
    for (let i = 0; i < labels.length; i++) {
      const resolver = await this.resolverOf(namehash(labels.slice(i).join('.')))
      if (!resolver) continue
      const extended = await this.client
        .readContract({ address: resolver, abi: RESOLVER_ABI, functionName: 'supportsInterface', args: [EXTENDED_RESOLVER_INTERFACE] })
        .catch(err => swallowRevert(err) ?? false)
      // Only an extended resolver answers for names below its own.
      if (i > 0 && !extended) return null
      return { resolver, extended }
    }
    return null
  }

  private read(resolver: Address, record: RecordCall): Promise<unknown> {
    return this.client.readContract({ address: resolver, abi: RESOLVER_ABI, ...record } as Parameters<PublicClient['readContract']>[0])
  }

  private async resolveExtended(resolver: Address, name: string, record: RecordCall): Promise<unknown> {
    const data = encodeFunctionData({ abi: RESOLVER_ABI, ...record } as Parameters<typeof encodeFunctionData>[0])
    const answer = await this.client.readContract({
      address: resolver,
      abi: RESOLVER_ABI,
      functionName: 'resolve',
      args: [bytesToHex(packetToBytes(name)), data]
    })
    return decodeFunctionResult({ abi: RESOLVER_ABI, functionName: record.functionName, data: answer } as Parameters<typeof decodeFunctionResult>[0])
  }
}

/** Hex of DNS-encoded bytes. */
const bytesToHex = (bytes: Uint8Array): Hex => `0x${Buffer.from(bytes).toString('hex')}`

/**
 * A record a resolver does not have (a revert), or an off-chain one from a gateway not allowed,
 * means "none"; a failed node or gateway is passed on.
 */
function swallowRevert(err: unknown): null {
  if (
    err instanceof BaseError &&
    err.walk(e => e instanceof ContractFunctionRevertedError || e instanceof ContractFunctionZeroDataError || e instanceof CcipGatewayRefused)
  )
    return null
  throw err
}
