import { base58, base64 } from '@scure/base'
import type { CaipNetwork } from '../../types/network.js'
import type { FrameClient } from './FrameClient.js'

/** A Wallet Standard account of the embedded wallet. */
interface Account {
  address: string
  publicKey: Uint8Array
  chains: readonly string[]
  features: readonly string[]
}

const FEATURES = ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction']

/**
 * The embedded wallet as a Wallet Standard wallet: what the solana adapter connects, signs and
 * sends with, as with any Solana wallet. Its chains are the site's Solana networks (CAIP-2 ids,
 * which the secure site knows its chains by). Every signature is approved by the person in the
 * secure approval frame.
 */
export function embeddedSolanaWallet(frame: FrameClient, networks: readonly CaipNetwork[], icon: string, hooks: { onSignOut(): void }) {
  const chains = networks.map(n => n.caipNetworkId)
  const listeners = new Set<(props: { accounts?: readonly Account[] }) => void>()
  const wallet = {
    version: '1.0.0' as const,
    name: 'Email',
    icon,
    chains,
    accounts: [] as Account[],
    features: {
      'standard:connect': {
        version: '1.0.0',
        async connect() {
          const user = await frame.request('GET_USER', {})
          const address = user.accounts.find(a => a.namespace === 'solana')?.address
          wallet.accounts = address ? [{ address, publicKey: base58.decode(address), chains, features: FEATURES }] : []
          return { accounts: wallet.accounts }
        }
      },
      'standard:disconnect': {
        version: '1.0.0',
        async disconnect() {
          await frame.request('SIGN_OUT', {})
          wallet.accounts = []
          hooks.onSignOut()
        }
      },
      'standard:events': {
        version: '1.0.0',
        on(_event: 'change', listener: (props: { accounts?: readonly Account[] }) => void) {
          listeners.add(listener)
          return () => void listeners.delete(listener)
        }
      },
      'solana:signMessage': {
        version: '1.0.0',
        async signMessage({ message, account }: { message: Uint8Array; account: Account }) {
          const { result } = await frame.request('RPC_REQUEST', {
            method: 'solana_signMessage',
            params: { message: base58.encode(message), pubkey: account.address },
            chainId: chains[0]
          })
          return [{ signedMessage: message, signature: base58.decode((result as { signature: string }).signature) }]
        }
      },
      'solana:signTransaction': {
        version: '1.0.0',
        // Wallet Standard passes several transactions at once for "sign all": they are approved
        // together, one description each (solana_signAllTransactions), and signed all or none.
        async signTransaction(...inputs: { transaction: Uint8Array; chain?: string }[]) {
          if (inputs.length === 0) return []
          const chain = inputs[0]!.chain ?? chains[0]
          if (inputs.some(input => (input.chain ?? chains[0]) !== chain)) throw new Error('The transactions signed together must be for one network')
          if (inputs.length === 1) {
            const { result } = await frame.request('RPC_REQUEST', {
              method: 'solana_signTransaction',
              params: { transaction: base64.encode(inputs[0]!.transaction) },
              chainId: chain
            })
            return [{ signedTransaction: base64.decode((result as { transaction: string }).transaction) }]
          }
          const { result } = await frame.request('RPC_REQUEST', {
            method: 'solana_signAllTransactions',
            params: { transactions: inputs.map(i => base64.encode(i.transaction)) },
            chainId: chain
          })
          const signed = (result as { transactions?: unknown }).transactions
          if (!Array.isArray(signed) || signed.length !== inputs.length || !signed.every(t => typeof t === 'string'))
            throw new Error('The wallet answered a different number of transactions')
          return signed.map(t => ({ signedTransaction: base64.decode(t as string) }))
        }
      },
      'solana:signAndSendTransaction': {
        version: '1.0.0',
        async signAndSendTransaction({ transaction, chain }: { transaction: Uint8Array; chain?: string }) {
          const { result } = await frame.request('RPC_REQUEST', {
            method: 'solana_signAndSendTransaction',
            params: { transaction: base64.encode(transaction) },
            chainId: chain ?? chains[0]
          })
          return [{ signature: base58.decode((result as { signature: string }).signature) }]
        }
      }
    }
  }
  return Object.assign(wallet, {
    /** The session ended in the secure site: Wallet Standard's "no accounts" change. */
    signedOut() {
      wallet.accounts = []
      for (const l of [...listeners]) l({ accounts: [] })
    }
  })
}
