import { decodeFunctionResult, encodeFunctionData, erc20Abi, hexToString, type Hex } from 'viem'
import { jsonRpc } from '../jsonRpc.js'

/** topic0 of `Transfer(address,address,uint256)`. */
const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'

/** Names of the calls the devnet makes, as Etherscan writes `functionName`. */
const FUNCTION_NAMES: Record<string, string> = {
  '0xa9059cbb': 'transfer(address _to, uint256 _value)',
  '0x23b872dd': 'transferFrom(address _from, address _to, uint256 _value)',
  '0x095ea7b3': 'approve(address _spender, uint256 _value)'
}

/** A transaction as an explorer keeps it: enough for `txlist` rows. */
export interface ChainTransaction {
  blockNumber: number
  blockHash: string
  timeStamp: number
  hash: string
  nonce: number
  transactionIndex: number
  /** Lower-case. */
  from: string
  /** Lower-case; null for a contract creation. */
  to: string | null
  value: bigint
  gas: bigint
  gasPrice: bigint
  input: string
  /** Lower-case created contract, or null. */
  contractAddress: string | null
  cumulativeGasUsed: bigint
  gasUsed: bigint
  success: boolean
}

/** An ERC-20 `Transfer` as an explorer keeps it: enough for `tokentx` rows. */
export interface ChainTokenTransfer {
  transaction: ChainTransaction
  logIndex: number
  /** Lower-case token contract, sender and recipient. */
  token: string
  from: string
  to: string
  value: bigint
  /** What the contract answers; null when it does not. */
  tokenName: string | null
  tokenSymbol: string | null
  tokenDecimal: number | null
}

interface RawTransaction {
  hash: string
  nonce: Hex
  transactionIndex: Hex
  from: string
  to: string | null
  value: Hex
  gas: Hex
  gasPrice?: Hex
  input: string
}
interface RawBlock {
  number: Hex
  hash: string
  timestamp: Hex
  transactions: RawTransaction[]
}
interface RawReceipt {
  status?: Hex
  contractAddress: string | null
  cumulativeGasUsed: Hex
  gasUsed: Hex
  effectiveGasPrice?: Hex
  logs: { address: string; topics: string[]; data: string; logIndex: Hex; removed?: boolean }[]
}

/**
 * What an explorer has indexed of one chain: its transactions and ERC-20 transfers, read block by
 * block from a node (`eth_getBlockByNumber` with transactions, `eth_getTransactionReceipt`, the
 * token's `symbol()`, `name()`, `decimals()`), the way Etherscan or Blockscout follow a chain.
 * {@link refresh} reads the blocks added since the last call; a chain that was restarted (the last
 * block read is gone or changed) is read again from genesis.
 */
export class ChainRows {
  readonly transactions: ChainTransaction[] = []
  readonly transfers: ChainTokenTransfer[] = []
  private next = 0
  private lastHash: string | undefined
  private readonly tokens = new Map<string, Promise<Pick<ChainTokenTransfer, 'tokenName' | 'tokenSymbol' | 'tokenDecimal'>>>()
  private running: Promise<number> | undefined

  /** @param rpcUrl - The chain's node. */
  constructor(private readonly rpcUrl: string) {}

  /**
   * Reads the blocks up to the node's head (one refresh at a time; concurrent callers share it).
   *
   * @returns The head block number.
   */
  refresh(): Promise<number> {
    this.running ??= this.read().finally(() => (this.running = undefined))
    return this.running
  }

  private async read(): Promise<number> {
    const head = Number(await this.call<Hex>('eth_blockNumber'))
    if (this.next > 0) {
      const last = await this.call<RawBlock | null>('eth_getBlockByNumber', [`0x${(this.next - 1).toString(16)}`, false])
      if (head < this.next - 1 || !last || last.hash !== this.lastHash) {
        this.transactions.length = 0
        this.transfers.length = 0
        this.tokens.clear()
        this.next = 0
      }
    }
    for (; this.next <= head; this.next++) {
      const block = await this.call<RawBlock>('eth_getBlockByNumber', [`0x${this.next.toString(16)}`, true])
      for (const raw of block.transactions) {
        const receipt = await this.call<RawReceipt>('eth_getTransactionReceipt', [raw.hash])
        const tx: ChainTransaction = {
          blockNumber: Number(block.number),
          blockHash: block.hash,
          timeStamp: Number(block.timestamp),
          hash: raw.hash,
          nonce: Number(raw.nonce),
          transactionIndex: Number(raw.transactionIndex),
          from: raw.from.toLowerCase(),
          to: raw.to?.toLowerCase() ?? null,
          value: BigInt(raw.value),
          gas: BigInt(raw.gas),
          gasPrice: BigInt(receipt.effectiveGasPrice ?? raw.gasPrice ?? '0x0'),
          input: raw.input,
          contractAddress: receipt.contractAddress?.toLowerCase() ?? null,
          cumulativeGasUsed: BigInt(receipt.cumulativeGasUsed),
          gasUsed: BigInt(receipt.gasUsed),
          success: receipt.status !== '0x0'
        }
        this.transactions.push(tx)
        if (!tx.success) continue
        for (const log of receipt.logs) {
          if (log.removed || log.topics.length !== 3 || log.topics[0] !== TRANSFER_TOPIC || log.data.length !== 66) continue
          const token = log.address.toLowerCase()
          this.transfers.push({
            transaction: tx,
            logIndex: Number(log.logIndex),
            token,
            from: `0x${log.topics[1]!.slice(26)}`.toLowerCase(),
            to: `0x${log.topics[2]!.slice(26)}`.toLowerCase(),
            value: BigInt(log.data),
            ...(await this.tokenInfo(token))
          })
        }
      }
      this.lastHash = block.hash
    }
    return head
  }

  private tokenInfo(token: string): Promise<Pick<ChainTokenTransfer, 'tokenName' | 'tokenSymbol' | 'tokenDecimal'>> {
    let info = this.tokens.get(token)
    if (!info) {
      const read = (functionName: 'name' | 'symbol' | 'decimals') =>
        this.call<Hex>('eth_call', [{ to: token, data: encodeFunctionData({ abi: erc20Abi, functionName }) }, 'latest']).then(
          data => {
            try {
              return decodeFunctionResult({ abi: erc20Abi, functionName, data }) as string | number
            } catch {
              // Early tokens answer bytes32 for their name and symbol.
              return functionName !== 'decimals' && data.length === 66 ? hexToString(data, { size: 32 }).replace(/\u0000+$/, '') : null
            }
          },
          () => null
        )
      info = Promise.all([read('name'), read('symbol'), read('decimals')]).then(([name, symbol, decimals]) => ({
        tokenName: typeof name === 'string' ? name : null,
        tokenSymbol: typeof symbol === 'string' ? symbol : null,
        tokenDecimal: typeof decimals === 'number' ? decimals : null
      }))
      this.tokens.set(token, info)
    }
    return info
  }

  private call<T>(method: string, params: unknown[] = []): Promise<T> {
    return jsonRpc<T>(this.rpcUrl, method, params, { timeoutMs: 5000 })
  }
}

/**
 * `txlist` row of a transaction, as Etherscan V2 writes it (every number a decimal string) or, with
 * `blockscout`, as Blockscout does (no `methodId`/`functionName`).
 *
 * @param tx - The transaction.
 * @param head - The chain's head, for `confirmations`.
 * @param blockscout - Blockscout's shape.
 */
export function txlistRow(tx: ChainTransaction, head: number, blockscout = false): Record<string, string> {
  const methodId = tx.input.length >= 10 ? tx.input.slice(0, 10) : '0x'
  return {
    blockNumber: String(tx.blockNumber),
    ...(blockscout ? {} : { blockHash: tx.blockHash }),
    timeStamp: String(tx.timeStamp),
    hash: tx.hash,
    nonce: String(tx.nonce),
    ...(blockscout ? { blockHash: tx.blockHash } : {}),
    transactionIndex: String(tx.transactionIndex),
    from: tx.from,
    to: tx.to ?? '',
    value: tx.value.toString(),
    gas: tx.gas.toString(),
    gasPrice: tx.gasPrice.toString(),
    isError: tx.success ? '0' : '1',
    txreceipt_status: tx.success ? '1' : '0',
    input: tx.input,
    ...(blockscout ? {} : { methodId, functionName: FUNCTION_NAMES[methodId] ?? '' }),
    contractAddress: tx.contractAddress ?? '',
    cumulativeGasUsed: tx.cumulativeGasUsed.toString(),
    gasUsed: tx.gasUsed.toString(),
    confirmations: String(head - tx.blockNumber + 1)
  }
}

/**
 * `tokentx` row of an ERC-20 transfer, as Etherscan V2 writes it (`input` "deprecated", unknown
 * token fields empty) or, with `blockscout`, as Blockscout does (with `logIndex`, unknown token
 * fields null).
 *
 * @param transfer - The transfer.
 * @param head - The chain's head, for `confirmations`.
 * @param blockscout - Blockscout's shape.
 */
export function tokentxRow(transfer: ChainTokenTransfer, head: number, blockscout = false): Record<string, string | null> {
  const tx = transfer.transaction
  const methodId = tx.input.length >= 10 ? tx.input.slice(0, 10) : '0x'
  return {
    blockNumber: String(tx.blockNumber),
    timeStamp: String(tx.timeStamp),
    hash: tx.hash,
    nonce: String(tx.nonce),
    blockHash: tx.blockHash,
    from: transfer.from,
    contractAddress: transfer.token,
    to: transfer.to,
    value: transfer.value.toString(),
    ...(blockscout ? { logIndex: String(transfer.logIndex) } : {}),
    tokenName: transfer.tokenName ?? (blockscout ? null : ''),
    tokenSymbol: transfer.tokenSymbol ?? (blockscout ? null : ''),
    tokenDecimal: transfer.tokenDecimal === null ? '' : String(transfer.tokenDecimal),
    transactionIndex: String(tx.transactionIndex),
    gas: tx.gas.toString(),
    gasPrice: tx.gasPrice.toString(),
    gasUsed: tx.gasUsed.toString(),
    cumulativeGasUsed: tx.cumulativeGasUsed.toString(),
    input: blockscout ? tx.input : 'deprecated',
    ...(blockscout ? {} : { methodId, functionName: FUNCTION_NAMES[methodId] ?? '' }),
    confirmations: String(head - tx.blockNumber + 1)
  }
}
