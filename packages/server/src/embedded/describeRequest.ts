import { base58, base64 } from '@scure/base'
import { decodeFunctionData, erc20Abi, formatEther, formatUnits, hexToString, isHex, type Hex } from 'viem'
import { createChainClient } from '../chain/createChainClient.js'
import type { SigningRequest } from './signEmbeddedRequest.js'
import { parseSolanaTransaction } from './parseSolanaTransaction.js'

/** What the approval frame shows a person before they sign: plain text only, never HTML. */
export interface RequestDescription {
  title: string
  /** Label and value pairs (receiver, amount, fee, typed-data fields...). */
  rows: { label: string; value: string }[]
  /** A message to sign, as text. */
  message?: string
}

const MAX_VALUE = 400
const clip = (value: string) => (value.length > MAX_VALUE ? `${value.slice(0, MAX_VALUE)}…` : value)

/** A message's text: hex that decodes to printable UTF-8 is shown as text, other hex as hex. */
function readableMessage(value: unknown): string {
  if (typeof value !== 'string') return ''
  if (!isHex(value)) return value
  try {
    const text = hexToString(value)
    return /^[\P{C}\n\r\t]*$/u.test(text) ? text : value
  } catch {
    return value
  }
}

function flatten(value: unknown, prefix: string, rows: RequestDescription['rows']): void {
  if (rows.length >= 30) return
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, rows)
  } else rows.push({ label: prefix, value: clip(typeof value === 'string' ? value : JSON.stringify(value)) })
}

async function describeTransaction(request: SigningRequest, timeoutMs: number): Promise<RequestDescription> {
  const tx = ((request.params as unknown[])?.[0] ?? {}) as { to?: Hex; value?: Hex; data?: Hex; from?: Hex }
  const symbol = request.chain.nativeCurrency.symbol
  const rows: RequestDescription['rows'] = [{ label: 'Network', value: request.chain.name }]
  const client = createChainClient(request.chain.rpcUrl, timeoutMs)
  let erc20: { fn: string; args: readonly unknown[] } | undefined
  if (tx.data && tx.data !== '0x' && tx.to) {
    try {
      const decoded = decodeFunctionData({ abi: erc20Abi, data: tx.data })
      if (decoded.functionName === 'transfer' || decoded.functionName === 'approve') erc20 = { fn: decoded.functionName, args: decoded.args }
    } catch {
      // Not an ERC-20 call: shown as contract data below.
    }
  }
  if (erc20 && tx.to) {
    const [tokenSymbol, decimals] = await Promise.all([
      client.readContract({ address: tx.to, abi: erc20Abi, functionName: 'symbol' }).catch(() => 'tokens'),
      client.readContract({ address: tx.to, abi: erc20Abi, functionName: 'decimals' }).catch(() => 18)
    ])
    const [who, amount] = erc20.args as [Hex, bigint]
    rows.push({ label: erc20.fn === 'transfer' ? 'Send' : 'Allow spending', value: `${formatUnits(amount, decimals)} ${tokenSymbol}` })
    rows.push({ label: erc20.fn === 'transfer' ? 'To' : 'Spender', value: who })
    rows.push({ label: 'Token contract', value: tx.to })
  } else {
    rows.push({ label: 'To', value: tx.to ?? 'New contract' })
    rows.push({ label: 'Amount', value: `${formatEther(tx.value ? BigInt(tx.value) : 0n)} ${symbol}` })
    if (tx.data && tx.data !== '0x') rows.push({ label: 'Contract data', value: clip(tx.data) })
  }
  try {
    const [gas, price] = await Promise.all([
      client.estimateGas({ account: tx.from, to: tx.to, value: tx.value ? BigInt(tx.value) : undefined, data: tx.data }),
      client.getGasPrice()
    ])
    rows.push({ label: 'Network fee (estimated)', value: `${formatEther(gas * price)} ${symbol}` })
  } catch (error) {
    rows.push({ label: 'Network fee', value: `could not be estimated: ${clip((error as { shortMessage?: string }).shortMessage ?? 'the transaction may fail')}` })
  }
  return { title: erc20?.fn === 'approve' ? 'Approve token spending' : 'Send a transaction', rows }
}

/** Most calls of a batch described one by one (more are refused when signing anyway). */
const MAX_DESCRIBED_CALLS = 20

/**
 * An EIP-5792 batch in words: how many calls, that they go together (one transaction, all or
 * none), and each call as a transaction is described (receiver, amount, an ERC-20 transfer or
 * approval decoded), numbered.
 */
async function describeCalls(request: SigningRequest, timeoutMs: number): Promise<RequestDescription> {
  const batch = ((request.params as unknown[] | undefined)?.[0] ?? {}) as { from?: Hex; calls?: unknown }
  const calls = (Array.isArray(batch.calls) ? batch.calls : []).slice(0, MAX_DESCRIBED_CALLS) as { to?: Hex; value?: Hex; data?: Hex }[]
  const rows: RequestDescription['rows'] = [
    { label: 'Network', value: request.chain.name },
    { label: 'Calls', value: `${calls.length}, made together in one transaction (all or none)` }
  ]
  const described = await Promise.all(calls.map(call => describeTransaction({ ...request, method: 'eth_sendTransaction', params: [{ ...call, from: batch.from }] }, timeoutMs)))
  described.forEach((one, i) => {
    for (const row of one.rows) if (row.label !== 'Network' && !row.label.startsWith('Network fee')) rows.push({ label: `${i + 1}. ${row.label}`, value: row.value })
  })
  return { title: `Approve ${calls.length} call${calls.length === 1 ? '' : 's'} at once`, rows }
}

const SYSTEM_PROGRAM = '11111111111111111111111111111111'
const TOKEN_PROGRAMS = new Set(['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'])
const u64 = (data: Uint8Array, at: number) => new DataView(data.buffer, data.byteOffset + at, 8).getBigUint64(0, true)

/** A Solana transaction in words: its transfers of SOL and of tokens decoded, the fee per signature. */
function describeSolanaTransaction(request: SigningRequest): RequestDescription {
  const symbol = request.chain.nativeCurrency.symbol
  const rows: RequestDescription['rows'] = [{ label: 'Network', value: request.chain.name }]
  try {
    const tx = parseSolanaTransaction(base64.decode(String((request.params as { transaction?: unknown })?.transaction ?? '')))
    const key = (i: number | undefined) => (i !== undefined && tx.keys[i] ? base58.encode(tx.keys[i]) : 'an account from a lookup table')
    for (const ix of tx.instructions) {
      const program = key(ix.programIndex)
      if (program === SYSTEM_PROGRAM && ix.data.length >= 12 && new DataView(ix.data.buffer, ix.data.byteOffset, 4).getUint32(0, true) === 2) {
        rows.push({ label: 'Send', value: `${formatUnits(u64(ix.data, 4), 9)} ${symbol}` }, { label: 'To', value: key(ix.accounts[1]) })
      } else if (TOKEN_PROGRAMS.has(program) && ix.data[0] === 12 && ix.data.length >= 10) {
        // transferChecked: amount, decimals; accounts: source, mint, destination, owner.
        rows.push({ label: 'Send tokens', value: `${formatUnits(u64(ix.data, 1), ix.data[9]!)} of mint ${key(ix.accounts[1])}` }, { label: 'To token account', value: key(ix.accounts[2]) })
      } else rows.push({ label: 'Program', value: program })
    }
    rows.push({ label: 'Network fee', value: `${formatUnits(5000n * BigInt(tx.requiredSignatures), 9)} ${symbol}` })
  } catch {
    rows.push({ label: 'Details', value: 'This transaction could not be read; signing refuses it too.' })
  }
  return { title: request.method === 'solana_signTransaction' ? 'Sign a Solana transaction' : 'Send a Solana transaction', rows }
}

/**
 * Describes a signing request in human terms for the approval frame (spec §6): a message's text;
 * typed data's domain and fields; a transaction's network, receiver, amount and fee, with ERC-20
 * `transfer` and `approve` decoded into the token's amount and symbol (read from the chain).
 *
 * @param request - The request and its chain.
 * @param timeoutMs - Time the chain's node gets for each read.
 */
export async function describeRequest(request: SigningRequest, timeoutMs: number): Promise<RequestDescription> {
  const params = request.params as unknown[] | Record<string, unknown> | undefined
  switch (request.method) {
    case 'personal_sign':
      return { title: 'Sign this message', rows: [{ label: 'Network', value: request.chain.name }], message: clip(readableMessage((params as unknown[])?.[0])) }
    case 'eth_signTypedData_v4': {
      const raw = (params as unknown[])?.[1]
      let typed: { domain?: Record<string, unknown>; message?: unknown; primaryType?: string } = {}
      try {
        typed = typeof raw === 'string' ? JSON.parse(raw) : ((raw ?? {}) as typeof typed)
      } catch {
        // Shown as not readable; signing refuses it anyway.
      }
      const rows: RequestDescription['rows'] = []
      for (const key of ['name', 'version', 'chainId', 'verifyingContract'] as const) {
        if (typed.domain?.[key] !== undefined) rows.push({ label: `Domain ${key}`, value: clip(String(typed.domain[key])) })
      }
      flatten(typed.message, '', rows)
      return { title: `Sign typed data${typed.primaryType ? `: ${clip(typed.primaryType)}` : ''}`, rows }
    }
    case 'eth_sendTransaction':
      return describeTransaction(request, timeoutMs)
    case 'wallet_sendCalls':
      return describeCalls(request, timeoutMs)
    case 'solana_signMessage': {
      const message = (params as { message?: string })?.message
      let text = ''
      try {
        text = new TextDecoder('utf-8', { fatal: true }).decode(base58.decode(message ?? ''))
      } catch {
        text = message ?? ''
      }
      return { title: 'Sign this message', rows: [{ label: 'Network', value: request.chain.name }], message: clip(text) }
    }
    case 'solana_signTransaction':
    case 'solana_signAndSendTransaction':
      return describeSolanaTransaction(request)
    default:
      return { title: `Approve ${request.method}`, rows: [{ label: 'Network', value: request.chain.name }] }
  }
}
