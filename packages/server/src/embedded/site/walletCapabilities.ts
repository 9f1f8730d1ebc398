/** What the frame knows of the person's chains (from GET /api/user). */
export interface CapabilityChains {
  /** The eip155 chains where the person also has a smart account. */
  smartAccountNetworks: number[]
  /** The eip155 chains the secure site serves (absent from an older server: the smart-account chains). */
  evmNetworks?: number[]
}

/**
 * The embedded wallet's `wallet_getCapabilities` answer, per hex chain id: EIP-5792 `atomic`
 * (`supported` where the acting account is the smart account and the chain has it; the key's own
 * account is `unsupported`: it sends a batch one call after another, when the site allows it) and
 * EIP-7811 `assetDiscovery` (`wallet_getAssets`) on every chain the secure site serves.
 *
 * @example
 * ```ts
 * walletCapabilities({ smartAccountNetworks: [31337], evmNetworks: [31337, 1] }, 'smartAccount', ['0x7a69'])
 * // { '0x7a69': { atomic: { status: 'supported' }, assetDiscovery: { supported: true } } }
 * ```
 *
 * @param chains - The person's chains.
 * @param accountType - The EVM account that acts now.
 * @param asked - The chain ids asked for (hex), or not an array: every chain served.
 */
export function walletCapabilities(chains: CapabilityChains, accountType: 'eoa' | 'smartAccount', asked: unknown): Record<string, Record<string, unknown>> {
  const served = chains.evmNetworks ?? chains.smartAccountNetworks
  const ids = Array.isArray(asked)
    ? asked.map(id => (typeof id === 'string' && /^0x[0-9a-fA-F]{1,16}$/.test(id) ? Number.parseInt(id, 16) : Number.NaN))
    : served
  const capable = accountType === 'smartAccount'
  return Object.fromEntries(
    ids
      .filter(id => Number.isSafeInteger(id) && id >= 0)
      .map(id => [
        `0x${id.toString(16)}`,
        {
          atomic: { status: capable && chains.smartAccountNetworks.includes(id) ? 'supported' : 'unsupported' },
          ...(served.includes(id) ? { assetDiscovery: { supported: true } } : {})
        }
      ])
  )
}

/** EIP-5792's code for a batch that must be atomic, asked of an account that cannot make it so. */
export const ATOMICITY_NOT_SUPPORTED = 5760
/** Why the key's own account refuses a batch that must be atomic: the frame's words (with {@link ATOMICITY_NOT_SUPPORTED}) and the server's. */
export const EOA_NOT_ATOMIC = 'This account cannot make calls atomically: switch to the smart account in Account, or send the calls with atomicRequired false'

/**
 * Whether a `wallet_sendCalls` batch must be made atomically: more than one call, and
 * `atomicRequired` not false (before EIP-5792 2.0.0 a batch was always one transaction). The key's
 * own account cannot, so the frame refuses such a batch before Approve (the server's `eoaCanSend`
 * is the same rule). A malformed batch is left to its description, which says what is wrong.
 */
export function mustBeAtomic(params: unknown): boolean {
  const batch = Array.isArray(params) ? (params[0] as { calls?: unknown; atomicRequired?: unknown } | undefined) : undefined
  return !!batch && typeof batch === 'object' && Array.isArray(batch.calls) && batch.calls.length > 1 && batch.atomicRequired !== false
}
