// Loaded on demand (adapters/registry.ts): Wallet Standard discovery and the Solana wallet calls.
// @solana/web3.js is loaded only to build a transfer (`transfers.send`).
import { getWallets } from '@wallet-standard/app'
import { WalletModalError } from '../../errors/WalletModalError.js'
import { isSolanaAddress } from '../../utils/address.js'
import type { Connector } from '../../types/connector.js'
import type { CaipNetwork } from '../../types/network.js'
import type { AdapterConnection, AdapterContext, ChainAdapter, Transfer } from '../ChainAdapter.js'
import { walletSupportsSolanaNetwork, solanaChainAliases } from './solanaChains.js'
import type { SolanaWeb3 } from './splTransferInstructions.js'

/** The parts of a Wallet Standard wallet (and its features) the adapter uses. */
interface StandardAccount {
  address: string
  publicKey: Uint8Array
  chains: readonly string[]
}
interface StandardWallet {
  name: string
  icon: string
  chains: readonly string[]
  accounts: readonly StandardAccount[]
  features: Record<string, any>
}

const REQUIRED = ['standard:connect', 'standard:events', 'solana:signMessage']

/** Wallet Standard errors carry no common code: 4001 or a "rejected" message is the user's no. */
function fromWalletError(err: unknown, fallback: 'CONNECT_FAILED' | 'RPC_ERROR'): WalletModalError {
  if (err instanceof WalletModalError) return err
  const e = err as { code?: unknown; message?: unknown; name?: unknown }
  const message = typeof e?.message === 'string' ? e.message : undefined
  const rejected = e?.code === 4001 || /reject|denied|declin|cancel/i.test(message ?? '') || e?.name === 'WalletSignMessageError'
  return new WalletModalError(rejected ? 'USER_REJECTED' : fallback, { details: message, cause: err })
}

/** The network's JSON-RPC endpoint. */
const rpcOf = (network: CaipNetwork): string => {
  const url = network.rpcUrls.default.http[0]
  if (!url) throw new WalletModalError('NETWORK_NOT_FOUND', { details: `no RPC URL for ${network.caipNetworkId}` })
  return url
}

/** A Solana signature's fee in lamports (the runtime's fixed base fee). */
export const SOLANA_SIGNATURE_FEE = 5_000n
/** Max keeps this many times the expected fee back. */
const FEE_HEADROOM = 2n
/** Bytes of a token account without extensions: what the sender pays rent for. */
const SOLANA_TOKEN_ACCOUNT_SIZE = 165

function walletOf(connector: Connector): StandardWallet {
  const w = connector.handle as StandardWallet | undefined
  if (!w?.features) throw new WalletModalError('CONNECTOR_NOT_FOUND', { details: connector.id })
  return w
}

/** The connector id of a Solana wallet: stable across reloads (wallets have no rdns here). */
export const solanaConnectorId = (name: string) => `solana:${name.toLowerCase()}`

/** Only data: icons from wallets (they run in the page; an URL could track the visitor). */
const dataIcon = (icon: unknown) => (typeof icon === 'string' && icon.startsWith('data:image/') ? icon : undefined)

function pickNetwork(wallet: StandardWallet, account: StandardAccount | undefined, networks: readonly CaipNetwork[]): CaipNetwork {
  const chains = account?.chains?.length ? account.chains : wallet.chains
  const network = networks.find(n => walletSupportsSolanaNetwork(chains, n.caipNetworkId)) ?? networks[0]
  if (!network) throw new WalletModalError('NETWORK_NOT_FOUND', { details: 'solana' })
  return network
}

function connection(wallet: StandardWallet, networks: readonly CaipNetwork[]): AdapterConnection | undefined {
  const account = wallet.accounts.find(a => isSolanaAddress(a.address))
  return account ? { address: account.address, network: pickNetwork(wallet, account, networks) } : undefined
}

/**
 * The solana adapter: Wallet Standard wallets that can connect, follow events and sign messages,
 * on the site's Solana networks (by CAIP-2 id or the cluster name).
 */
export function createSolanaAdapter({ loadHttp }: AdapterContext): ChainAdapter {
  const rpc = async <T>(network: CaipNetwork, method: string, params: unknown[]) => (await loadHttp()).rpc<T>(rpcOf(network), method, params)

  async function readLamports(network: CaipNetwork, address: string): Promise<bigint> {
    const r = await rpc<{ value?: unknown }>(network, 'getBalance', [address, { commitment: 'confirmed' }])
    const lamports = typeof r?.value === 'number' ? r.value : NaN
    if (!Number.isSafeInteger(lamports) || lamports < 0) throw new WalletModalError('RPC_ERROR', { details: 'getBalance: not a lamport amount' })
    return BigInt(lamports)
  }

  /**
   * The rent (lamports) a token send pays to create the receiver's token account: 0 for SOL, for
   * a receiver that is not an address, or when the receiver already holds an account of the mint.
   */
  async function receiverAccountRent({ network, to, token }: Transfer): Promise<bigint> {
    if (!token || !isSolanaAddress(to)) return 0n
    const held = await rpc<{ value?: unknown[] }>(network, 'getTokenAccountsByOwner', [
      to,
      { mint: token.address },
      { encoding: 'base64', commitment: 'confirmed', dataSlice: { offset: 0, length: 0 } }
    ])
    if (Array.isArray(held?.value) && held.value.length > 0) return 0n
    const rent = await rpc<unknown>(network, 'getMinimumBalanceForRentExemption', [SOLANA_TOKEN_ACCOUNT_SIZE])
    if (typeof rent !== 'number') throw new WalletModalError('RPC_ERROR', { details: 'getMinimumBalanceForRentExemption: not a lamport amount' })
    return BigInt(rent)
  }

  /**
   * Builds a transaction of `instructions` paid by `from` on a fresh blockhash and has the wallet
   * sign and send it (`solana:signAndSendTransaction`); resolves with the base58 signature.
   */
  async function signAndSend(
    connector: Connector,
    network: CaipNetwork,
    from: string,
    instructions: (web3: SolanaWeb3) => import('@solana/web3.js').TransactionInstruction[]
  ): Promise<string> {
    const wallet = walletOf(connector)
    const account = wallet.accounts.find(a => a.address === from)
    const feature = wallet.features['solana:signAndSendTransaction']
    if (!account || !feature) throw new WalletModalError('CONNECTOR_NOT_FOUND', { details: connector.id })
    // Destructured, so the bundler keeps only these classes of web3.js (not Connection and its
    // WebSocket client): a namespace object passed around would keep every export.
    // base58 too only when used: Connect need not load it (and loaded before the wallet is asked,
    // so a chunk that fails to load cannot lose a sent transaction's signature).
    const [{ PublicKey, SystemProgram, Transaction, TransactionInstruction }, { base58 }] = await Promise.all([
      import('@solana/web3.js'),
      import('@scure/base')
    ])
    const web3: SolanaWeb3 = { PublicKey, SystemProgram, TransactionInstruction }
    const hash = await rpc<{ value: { blockhash: string } }>(network, 'getLatestBlockhash', [{ commitment: 'confirmed' }])
    const tx = new Transaction({ feePayer: new PublicKey(from), recentBlockhash: hash.value.blockhash }).add(...instructions(web3))
    const chain = (account.chains.find(c => solanaChainAliases(network.caipNetworkId).includes(c)) ?? network.caipNetworkId) as string
    try {
      const [out] = await feature.signAndSendTransaction({
        account,
        chain,
        transaction: tx.serialize({ requireAllSignatures: false, verifySignatures: false })
      })
      return base58.encode(out.signature)
    } catch (err) {
      throw fromWalletError(err, 'RPC_ERROR')
    }
  }

  return {
    namespace: 'solana',

    watch(add, networks) {
      const wallets = getWallets()
      const offer = (w: StandardWallet) => {
        if (!REQUIRED.every(f => f in w.features)) return
        if (!w.chains.some(c => c.startsWith('solana:'))) return
        // A wallet for other clusters only is still listed when the site names none it knows.
        if (
          networks.length &&
          !networks.some(n => walletSupportsSolanaNetwork(w.chains, n.caipNetworkId)) &&
          w.chains.some(c => /^solana:[1-9A-HJ-NP-Za-km-z]{32}$/.test(c))
        )
          return
        add({ id: solanaConnectorId(w.name), name: w.name, type: 'ANNOUNCED', chain: 'solana', imageUrl: dataIcon(w.icon), handle: w })
      }
      for (const w of wallets.get()) offer(w as unknown as StandardWallet)
      return wallets.on('register', (...added) => added.forEach(w => offer(w as unknown as StandardWallet)))
    },

    async connect(connector, networks) {
      const wallet = walletOf(connector)
      try {
        await wallet.features['standard:connect'].connect()
      } catch (err) {
        throw fromWalletError(err, 'CONNECT_FAILED')
      }
      const c = connection(wallet, networks)
      if (!c) throw new WalletModalError('CONNECT_FAILED', { details: 'the wallet returned no Solana account' })
      return c
    },

    async reconnect(connector, networks) {
      const wallet = walletOf(connector)
      try {
        // `silent` asks for the accounts the site was already granted, without a prompt.
        await wallet.features['standard:connect'].connect({ silent: true })
        return connection(wallet, networks)
      } catch (err) {
        console.warn('[wallet-modal] Solana reconnect failed', err)
        return undefined
      }
    },

    async disconnect(connector) {
      const wallet = connector.handle as StandardWallet | undefined
      await wallet?.features['standard:disconnect']?.disconnect()
    },

    async getBalance(network, address) {
      // The formatting code (viem's) loads with the first balance, not with wallet discovery.
      const [lamports, { formatBalance }] = await Promise.all([readLamports(network, address), import('../../utils/formatBalance.js')])
      return { balance: formatBalance(lamports, network.nativeCurrency.decimals), symbol: network.nativeCurrency.symbol }
    },

    /** SOL and listed-mint balances in one JSON-RPC batch (no data API); a chunk of its own. */
    async readRpcBalances(network, address, tokens) {
      const { readSolanaRpcBalances } = await import('./solanaRpcBalances.js')
      return readSolanaRpcBalances({ network, address, tokens, rpc: (method, params) => rpc(network, method, params) })
    },

    listen(connector, listeners) {
      const wallet = connector.handle as StandardWallet | undefined
      const events = wallet?.features['standard:events']
      if (!events) return () => {}
      return events.on('change', (props: { accounts?: readonly StandardAccount[] }) => {
        if (!props.accounts) return
        const addresses = props.accounts.map(a => a.address).filter(isSolanaAddress)
        if (addresses.length) listeners.onAccountsChanged(addresses)
        else listeners.onDisconnect()
      })
    },

    async signMessage(connector, address, message) {
      const wallet = walletOf(connector)
      const account = wallet.accounts.find(a => a.address === address)
      const feature = wallet.features['solana:signMessage']
      if (!account || !feature) throw new WalletModalError('CONNECTOR_NOT_FOUND', { details: connector.id })
      const { base58 } = await import('@scure/base')
      try {
        const [out] = await feature.signMessage({ account, message: new TextEncoder().encode(message) })
        return base58.encode(out.signature)
      } catch (err) {
        throw fromWalletError(err, 'RPC_ERROR')
      }
    },

    transfers: {
      isAddress: isSolanaAddress,
      readNativeBalance: readLamports,
      feeReserve: async () => SOLANA_SIGNATURE_FEE * FEE_HEADROOM,
      estimateFee: async transfer => SOLANA_SIGNATURE_FEE + (await receiverAccountRent(transfer)),
      async status(network, id) {
        const r = await rpc<{ value: ({ confirmationStatus?: string; err?: unknown } | null)[] }>(network, 'getSignatureStatuses', [[id]])
        const status = r?.value?.[0]
        if (!status || status.confirmationStatus === 'processed') return undefined
        return !status.err
      },
      async send(connector, { network, from, to, token, amount }) {
        if (!isSolanaAddress(to)) throw new WalletModalError('INVALID_RECEIVER', { details: 'not a Solana address' })
        if (!token) {
          return signAndSend(connector, network, from, web3 => [
            web3.SystemProgram.transfer({ fromPubkey: new web3.PublicKey(from), toPubkey: new web3.PublicKey(to), lamports: amount })
          ])
        }
        if (!isSolanaAddress(token.address)) throw new WalletModalError('INVALID_OPTIONS', { details: 'not a Solana mint' })
        // Loaded with @solana/web3.js (and the Buffer it brings), not with wallet discovery.
        const { splTransferInstructions, TOKEN_PROGRAM_IDS } = await import('./splTransferInstructions.js')
        // The mint's owner says which token program (SPL Token or Token-2022) moves it. The
        // receiver must be a wallet: tokens sent "to" a token account or a mint would go to an
        // account owned by it, out of everyone's reach.
        const accounts = await rpc<{ value: ({ owner?: unknown } | null)[] }>(network, 'getMultipleAccounts', [
          [token.address, to],
          { encoding: 'base64', commitment: 'confirmed', dataSlice: { offset: 0, length: 0 } }
        ])
        const [tokenProgram, receiverOwner] = [accounts?.value?.[0]?.owner, accounts?.value?.[1]?.owner]
        if (typeof tokenProgram !== 'string' || !TOKEN_PROGRAM_IDS.includes(tokenProgram)) {
          throw new WalletModalError('RPC_ERROR', { details: `${token.address} is not a token mint on ${network.caipNetworkId}` })
        }
        if (typeof receiverOwner === 'string' && TOKEN_PROGRAM_IDS.includes(receiverOwner)) {
          throw new WalletModalError('INVALID_RECEIVER', { details: `${to} is a token account or mint, not a wallet` })
        }
        return signAndSend(connector, network, from, web3 =>
          splTransferInstructions(web3, { owner: from, receiver: to, mint: token.address, tokenProgram, amount, decimals: token.decimals })
        )
      }
    }
  }
}
