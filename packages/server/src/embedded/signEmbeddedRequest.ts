import { ed25519 } from '@noble/curves/ed25519'
import { base58, base64 } from '@scure/base'
import { createWalletClient, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { ChainConfig } from '../config/ServerConfig.js'
import { upstreamRpc } from '../chain/upstreamRpc.js'
import { ApiError } from '../http/ApiError.js'
import type { OpenedKeys } from './EmbeddedAccounts.js'
import { parseSolanaTransaction } from './parseSolanaTransaction.js'
import { createChainClient } from '../chain/createChainClient.js'
import { sendEoaCalls } from './sendEoaCalls.js'
import {
  asArray,
  badRequest as bad,
  callsOf,
  EOA_NOT_ATOMIC,
  eoaCanSend,
  messageOf,
  solanaSignerSlot,
  solanaTextMessageOf,
  solanaTransactionsOf,
  transactionOf,
  typedDataOf
} from './signingParams.js'

/** A signing request the person approved in the secure frame. */
export interface SigningRequest {
  method: string
  params: unknown
  /** The chain it is for (CAIP-2). */
  chain: ChainConfig
}

/**
 * Signs a serialized Solana transaction (legacy or versioned) with the account's key: the
 * signature goes into the slot of the account's position among the required signers.
 */
export function signSolanaTransaction(serialized: Uint8Array, seed: Uint8Array): Uint8Array {
  const publicKey = ed25519.getPublicKey(seed)
  const tx = parseSolanaTransaction(serialized)
  if (tx.requiredSignatures !== tx.signatureCount) bad('the transaction does not match its signature count')
  const slot = solanaSignerSlot(tx, publicKey)
  const signed = new Uint8Array(serialized)
  signed.set(ed25519.sign(tx.message, seed), tx.signaturesAt + slot * 64)
  return signed
}

/**
 * Performs a signing or sending request with the user's keys, after the person approved it
 * inside the secure frame (spec §6): `personal_sign`, `eth_signTypedData_v4`,
 * `eth_sendTransaction` (filled and broadcast to the chain's node), `wallet_sendCalls` when the
 * calls may go one after another (one transaction each, {@link sendEoaCalls}; a batch that must
 * be atomic needs the smart account), `solana_signMessage`, `solana_signTransaction`,
 * `solana_signAllTransactions` (all signed, or none) and `solana_signAndSendTransaction`.
 *
 * @param request - The method, its params and the chain.
 * @param keys - The user's opened keys (dropped by the caller afterwards).
 * @param timeoutMs - Time the chain's node gets for each call.
 * @returns What the RPC method returns.
 */
export async function signEmbeddedRequest(request: SigningRequest, keys: OpenedKeys, timeoutMs: number): Promise<unknown> {
  const { method, params, chain } = request
  if (method.startsWith('solana_')) {
    if (!chain.caipNetworkId.startsWith('solana:')) bad(`${method} is for a Solana network`)
    // Text only: a transaction's message passed as a "message" would come back a signed transaction.
    if (method === 'solana_signMessage') return { signature: base58.encode(ed25519.sign(solanaTextMessageOf(params).bytes, keys.solana)) }
    if (method !== 'solana_signTransaction' && method !== 'solana_signAndSendTransaction' && method !== 'solana_signAllTransactions')
      return bad(`${method} is not supported`)
    // The same parse Approve described (describeRequest reads them with solanaTransactionsOf too);
    // every transaction is signed before any is answered: all or none.
    const signed = solanaTransactionsOf(method, params).map(({ bytes }) => signSolanaTransaction(bytes, keys.solana))
    if (method === 'solana_signAllTransactions') return { transactions: signed.map(tx => base64.encode(tx)) }
    if (method === 'solana_signTransaction') return { transaction: base64.encode(signed[0]!) }
    const answer = (await upstreamRpc(
      chain.rpcUrl,
      { jsonrpc: '2.0', id: 1, method: 'sendTransaction', params: [base64.encode(signed[0]!), { encoding: 'base64' }] },
      timeoutMs
    )) as {
      result?: string
      error?: { message?: string }
    }
    if (typeof answer.result !== 'string') throw new ApiError(502, `The network refused the transaction: ${answer.error?.message ?? 'no signature'}`)
    return { signature: answer.result }
  }
  if (!chain.caipNetworkId.startsWith('eip155:')) bad(`${method} is for an EVM network`)
  const account = privateKeyToAccount(keys.eip155)
  if (method === 'personal_sign') return account.signMessage({ message: messageOf(asArray(params)[0]) })
  if (method === 'eth_signTypedData_v4') return account.signTypedData(typedDataOf(params, Number(chain.caipNetworkId.slice('eip155:'.length))))
  if (method === 'eth_sendTransaction') {
    // The same checked fields Approve showed (describeRequest reads them with transactionOf too).
    const tx = transactionOf(asArray(params)[0])
    if (tx.from && tx.from.toLowerCase() !== account.address.toLowerCase()) bad('from is not this account')
    const client = createWalletClient({ account, transport: http(chain.rpcUrl, { timeout: timeoutMs, retryCount: 0 }) })
    try {
      return await client.sendTransaction({
        chain: null,
        to: tx.to,
        value: tx.value,
        data: tx.data,
        gas: tx.gas
      })
    } catch (error) {
      const e = error as { shortMessage?: string; message?: string }
      throw new ApiError(502, `The network refused the transaction: ${e.shortMessage ?? e.message ?? 'unknown reason'}`)
    }
  }
  if (method === 'wallet_sendCalls') {
    // EIP-5792 without atomicity: one transaction per call, in order (describeRequest shows them so).
    const batch = callsOf(params)
    if (batch.from && batch.from.toLowerCase() !== account.address.toLowerCase()) bad('from is not this account')
    const chainId = Number(chain.caipNetworkId.slice('eip155:'.length))
    if (batch.chainId && Number(batch.chainId) !== chainId) bad(`chainId ${batch.chainId} is not ${chain.name}`)
    if (!eoaCanSend(batch)) bad(EOA_NOT_ATOMIC)
    return sendEoaCalls(batch, account, createChainClient(chain.rpcUrl, timeoutMs), chain.rpcUrl, chainId, timeoutMs)
  }
  return bad(`${method} is not supported by this wallet`)
}
