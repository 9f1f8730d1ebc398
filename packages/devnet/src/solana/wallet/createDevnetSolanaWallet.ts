import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import type {
  SolanaSignAndSendTransactionFeature,
  SolanaSignAndSendTransactionInput,
  SolanaSignAndSendTransactionOutput,
  SolanaSignMessageFeature,
  SolanaSignMessageInput,
  SolanaSignMessageOutput,
  SolanaSignTransactionFeature,
  SolanaSignTransactionInput,
  SolanaSignTransactionOutput,
  SolanaTransactionCommitment
} from '@solana/wallet-standard-features'
import type {
  IdentifierString,
  StandardConnectFeature,
  StandardConnectInput,
  StandardDisconnectFeature,
  StandardEventsFeature,
  StandardEventsListeners,
  Wallet,
  WalletAccount
} from '@wallet-standard/core'
import { jsonRpc } from '../../jsonRpc.js'
import { RpcError } from '../../RpcError.js'
import { walletErrors } from '../../wallet/walletErrors.js'
import { SOLANA_WALLET_SECRET } from '../solanaConstants.js'
import { DEVNET_SOLANA_WALLET_ICON } from './devnetSolanaWalletIcon.js'
import { firstSignature, signWireTransaction } from './signWireTransaction.js'

/** The wallet's name in the Wallet Standard registry (what dapps list). */
export const DEVNET_SOLANA_WALLET_NAME = 'Devnet Solana'

/** `approve`: every request succeeds at once; `reject`: every request fails with 4001. */
export type DevnetSolanaWalletMode = 'approve' | 'reject'

/** Options of {@link createDevnetSolanaWallet}. */
export interface DevnetSolanaWalletOptions {
  /** JSON-RPC endpoint transactions are sent to (the demo's same-origin `/rpc/solana`). */
  rpcUrl: string
  /** The one chain the wallet serves, e.g. `SOLANA_CAIP_NETWORK_ID`. */
  caipNetworkId: string
  /** How requests are answered; change it later with `setMode`. */
  mode: DevnetSolanaWalletMode
  /** The account's 32-byte ed25519 seed, as hex or bytes (default {@link SOLANA_WALLET_SECRET}). */
  secret?: string | Uint8Array
  /**
   * Where the wallet remembers that the site is trusted, so a silent connect after a reload gets
   * the account the way a real wallet remembers trusted sites (default none: forgotten on reload).
   */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null
}

const TRUSTED_KEY = 'devnet-solana-wallet/trusted'

/** The features the wallet implements, as the Wallet Standard types them. */
export type DevnetSolanaWalletFeatures = StandardConnectFeature &
  StandardDisconnectFeature &
  StandardEventsFeature &
  SolanaSignMessageFeature &
  SolanaSignTransactionFeature &
  SolanaSignAndSendTransactionFeature

/** A created wallet and its controls. */
export interface DevnetSolanaWallet {
  /** The Wallet Standard wallet object (what `registerWallet` registers). */
  readonly wallet: Wallet & { readonly features: DevnetSolanaWalletFeatures }
  /** The account's base58 address. */
  readonly address: string
  /** The current mode. */
  readonly mode: DevnetSolanaWalletMode
  /**
   * Switches between approving and rejecting, e.g. from a test.
   *
   * @param mode - The new mode.
   */
  setMode(mode: DevnetSolanaWalletMode): void
}

const ACCOUNT_FEATURES = ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction'] as const
const COMMITMENT_RANK: Record<SolanaTransactionCommitment, number> = { processed: 0, confirmed: 1, finalized: 2 }

/**
 * Reads a 32-byte seed given as 64 hex digits (optionally 0x-prefixed) or as bytes. A 64-byte
 * Solana secret key (seed followed by public key) is accepted too; its first half is the seed.
 */
function toSeed(secret: string | Uint8Array): Uint8Array {
  let bytes: Uint8Array
  if (typeof secret === 'string') {
    const hex = secret.replace(/^0x/, '')
    if (!/^(?:[0-9a-fA-F]{2})+$/.test(hex)) throw new TypeError('Devnet Solana: secret must be hex')
    bytes = new Uint8Array(hex.match(/../g)!.map(pair => parseInt(pair, 16)))
  } else bytes = Uint8Array.from(secret)
  if (bytes.length !== 32 && bytes.length !== 64) throw new TypeError('Devnet Solana: secret must be a 32-byte seed (or a 64-byte secret key)')
  return bytes.slice(0, 32)
}

function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

const sleep = (ms: number): Promise<void> => new Promise(resolve => setTimeout(resolve, ms))

/**
 * Creates the 'Devnet Solana' wallet: a Wallet Standard wallet for one Solana chain with one
 * account, signing in the page with a fixed devnet key. It implements `standard:connect`,
 * `standard:disconnect`, `standard:events` ('change' on connect and disconnect),
 * `solana:signMessage` (ed25519), `solana:signTransaction` and `solana:signAndSendTransaction`
 * (legacy and v0 transactions; sent to `rpcUrl` with `sendTransaction`).
 *
 * In 'reject' mode, connect and every signing request fail with an Error whose message is
 * 'User rejected the request.' and whose `code` is 4001, as a user saying no would. Disconnect
 * always succeeds (no wallet asks the user whether it may forget a site), and a silent connect
 * (`{ silent: true }`, which never prompts) answers the accounts already authorized instead of
 * failing. Signing needs a prior connect (4100 otherwise).
 *
 * Browser code: no Node APIs. Register it with `installDevnetSolanaWallet`.
 *
 * @param options - See {@link DevnetSolanaWalletOptions}.
 */
export function createDevnetSolanaWallet(options: DevnetSolanaWalletOptions): DevnetSolanaWallet {
  const seed = toSeed(options.secret ?? SOLANA_WALLET_SECRET)
  const publicKey = ed25519.getPublicKey(seed)
  const address = base58.encode(publicKey)
  const chain = options.caipNetworkId as IdentifierString
  const account: WalletAccount = Object.freeze({
    address,
    publicKey: publicKey.slice(),
    chains: [chain] as const,
    features: ACCOUNT_FEATURES,
    label: DEVNET_SOLANA_WALLET_NAME,
    icon: DEVNET_SOLANA_WALLET_ICON
  })
  let mode = options.mode
  const remember = (on: boolean): void => {
    try {
      if (on) options.storage?.setItem(TRUSTED_KEY, '1')
      else options.storage?.removeItem(TRUSTED_KEY)
    } catch {
      // Persistence is best effort.
    }
  }
  let connected = (() => {
    try {
      return options.storage?.getItem(TRUSTED_KEY) === '1'
    } catch {
      return false
    }
  })()
  const listeners = new Set<StandardEventsListeners['change']>()
  const accounts = (): readonly WalletAccount[] => (connected ? [account] : [])
  const emitChange = (): void => {
    for (const listener of [...listeners]) listener({ accounts: accounts() })
  }

  /** Rejects in 'reject' mode, and for an account or chain the site may not use. */
  const authorize = (input: { account: WalletAccount; chain?: IdentifierString }): void => {
    if (mode === 'reject') throw walletErrors.userRejected()
    if (!connected || input.account?.address !== address) throw walletErrors.unauthorized()
    if (input.chain !== undefined && input.chain !== chain) throw walletErrors.invalidParams(`the wallet does not serve chain ${String(input.chain)}`)
  }
  const sign = (input: SolanaSignTransactionInput): Uint8Array => {
    authorize(input)
    if (!(input.transaction instanceof Uint8Array)) throw walletErrors.invalidParams('transaction must be a Uint8Array')
    return signWireTransaction(input.transaction, seed, publicKey)
  }
  const waitFor = async (signature: string, commitment: SolanaTransactionCommitment): Promise<void> => {
    // Polling, not a subscription: it works through the demo's HTTP-only proxy.
    const deadline = Date.now() + 30_000
    for (;;) {
      type Status = { err: unknown; confirmationStatus?: SolanaTransactionCommitment } | null
      const { value } = await jsonRpc<{ value: Status[] }>(options.rpcUrl, 'getSignatureStatuses', [[signature]])
      const status = value[0]
      if (status?.err) throw new RpcError(-32002, `Transaction ${signature} failed: ${JSON.stringify(status.err)}`, status.err)
      if (status && COMMITMENT_RANK[status.confirmationStatus ?? 'processed'] >= COMMITMENT_RANK[commitment]) return
      if (Date.now() > deadline) throw new RpcError(-32603, `Transaction ${signature} was not ${commitment} within 30 s`)
      await sleep(400)
    }
  }

  const features: DevnetSolanaWalletFeatures = {
    'standard:connect': {
      version: '1.0.0',
      connect: async (input?: StandardConnectInput) => {
        // A silent connect never prompts, so it cannot be refused: it reports what is authorized.
        if (input?.silent) return { accounts: accounts() }
        if (mode === 'reject') throw walletErrors.userRejected()
        if (!connected) {
          connected = true
          remember(true)
          emitChange()
        }
        return { accounts: accounts() }
      }
    },
    'standard:disconnect': {
      version: '1.0.0',
      disconnect: async () => {
        if (!connected) return
        connected = false
        remember(false)
        emitChange()
      }
    },
    'standard:events': {
      version: '1.0.0',
      on: (event, listener) => {
        if (event !== 'change') return () => {}
        const change = listener as StandardEventsListeners['change']
        listeners.add(change)
        return () => void listeners.delete(change)
      }
    },
    'solana:signMessage': {
      version: '1.1.0',
      signMessage: async (...inputs: readonly SolanaSignMessageInput[]): Promise<readonly SolanaSignMessageOutput[]> =>
        inputs.map(input => {
          authorize(input)
          if (!(input.message instanceof Uint8Array)) throw walletErrors.invalidParams('message must be a Uint8Array')
          return { signedMessage: input.message, signature: ed25519.sign(input.message, seed), signatureType: 'ed25519' as const }
        })
    },
    'solana:signTransaction': {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      signTransaction: async (...inputs: readonly SolanaSignTransactionInput[]): Promise<readonly SolanaSignTransactionOutput[]> =>
        inputs.map(input => ({ signedTransaction: sign(input) }))
    },
    'solana:signAndSendTransaction': {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      signAndSendTransaction: async (...inputs: readonly SolanaSignAndSendTransactionInput[]): Promise<readonly SolanaSignAndSendTransactionOutput[]> => {
        // Sign everything first: a rejection must not leave some transactions sent.
        const signed = inputs.map(sign)
        const outputs: SolanaSignAndSendTransactionOutput[] = []
        for (const [i, wire] of signed.entries()) {
          const { commitment, preflightCommitment, skipPreflight, maxRetries, minContextSlot } = inputs[i]!.options ?? {}
          const signature = await jsonRpc<string>(options.rpcUrl, 'sendTransaction', [
            toBase64(wire),
            { encoding: 'base64', skipPreflight: skipPreflight ?? false, preflightCommitment, maxRetries, minContextSlot }
          ])
          if (commitment) await waitFor(signature, commitment)
          outputs.push({ signature: firstSignature(wire) })
        }
        return outputs
      }
    }
  }

  const wallet = {
    version: '1.0.0' as const,
    name: DEVNET_SOLANA_WALLET_NAME,
    icon: DEVNET_SOLANA_WALLET_ICON,
    chains: [chain],
    get accounts() {
      return accounts()
    },
    features
  }
  return {
    wallet,
    address,
    get mode() {
      return mode
    },
    setMode: next => {
      if (next !== 'approve' && next !== 'reject') throw new TypeError(`Devnet Solana: unknown mode ${String(next)}`)
      mode = next
    }
  }
}
