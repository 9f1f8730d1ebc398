import { decodeFunctionResult, encodeFunctionData, erc20Abi, hexToString, type Address, type Hex, type PublicClient } from 'viem'
import { isNodeRefusal } from '../chain/upstreamFailure.js'
import type { ChainConfig } from '../config/ServerConfig.js'

/** What the activity feed shows of a token. */
export interface TokenInfo {
  symbol: string
  name: string
  decimals: number
}

/** What a token whose contract does not say gets: amounts are then shown in base units. */
export const UNKNOWN_TOKEN: Readonly<TokenInfo> = { symbol: '?', name: 'Unknown token', decimals: 0 }

/** Largest `decimals` taken from a contract; anything above is treated as unreadable. */
const MAX_DECIMALS = 77

const FIELDS = ['symbol', 'decimals', 'name'] as const

/**
 * Symbol, name and decimals of the tokens of one chain: the configured tokens as configured, any
 * other token read once from its contract (`symbol()`, `decimals()`, `name()` by `eth_call`) and
 * kept. A call that reverts or answers something unreadable gives that field of
 * {@link UNKNOWN_TOKEN}; contract text is cleaned and bounded since anyone can deploy a token.
 */
export class TokenInfoCache {
  private readonly configured = new Map<string, TokenInfo>()
  private readonly read = new Map<string, TokenInfo>()

  /** @param chain - The chain, for its configured tokens. */
  constructor(chain: ChainConfig) {
    for (const token of chain.tokens ?? []) {
      this.configured.set(token.address.toLowerCase(), { symbol: token.symbol, name: token.name, decimals: token.decimals })
    }
  }

  /**
   * The info of a token already known (configured or resolved).
   *
   * @param address - Lower-case contract address.
   */
  get(address: string): TokenInfo | undefined {
    return this.configured.get(address) ?? this.read.get(address)
  }

  /**
   * Reads the tokens not known yet, in one batch (viem `call`s: the raw answer is decoded here,
   * since some tokens answer bytes32 where the ABI says string). Rejects only when the node
   * cannot be reached (so the caller retries later); refused calls count as answers.
   *
   * @param client - The chain's node.
   * @param addresses - Lower-case contract addresses.
   */
  async resolve(client: PublicClient, addresses: Iterable<string>): Promise<void> {
    const missing = [...new Set(addresses)].filter(address => !this.get(address))
    if (missing.length === 0) return
    const answers = await Promise.all(
      missing.flatMap(address =>
        FIELDS.map(functionName =>
          client.call({ to: address as Address, data: encodeFunctionData({ abi: erc20Abi, functionName }) }).then(
            ({ data }) => (data !== undefined && /^0x([0-9a-fA-F]{2})*$/.test(data) ? data : undefined),
            error => {
              if (isNodeRefusal(error)) return undefined
              throw error
            }
          )
        )
      )
    )
    missing.forEach((address, i) => {
      const [symbol, decimals, name] = FIELDS.map((_, j) => answers[i * FIELDS.length + j])
      this.read.set(address, {
        symbol: readText(symbol, 'symbol', 20) ?? UNKNOWN_TOKEN.symbol,
        name: readText(name, 'name', 100) ?? UNKNOWN_TOKEN.name,
        decimals: readDecimals(decimals) ?? UNKNOWN_TOKEN.decimals
      })
    })
  }

  /** Forgets what was read from contracts (after a chain reset, addresses may hold other code). */
  clear(): void {
    this.read.clear()
  }
}

function readText(data: Hex | undefined, functionName: 'symbol' | 'name', maxLength: number): string | undefined {
  if (!data || data === '0x') return undefined
  let text: string | undefined
  try {
    text = decodeFunctionResult({ abi: erc20Abi, functionName, data })
  } catch {
    // Some early tokens (MKR, SAI) return bytes32 instead of string.
    if (data.length === 66) {
      try {
        text = hexToString(data, { size: 32 })
      } catch {
        text = undefined
      }
    }
  }
  return cleanTokenLabel(text, maxLength)
}

/**
 * A token's symbol or name as anyone who deploys a token may write it, made fit for a label:
 * control characters and padding NULs dropped, trimmed, at most `maxLength` characters; undefined
 * when nothing is left. Used for what contracts answer and for what explorer APIs repeat of them.
 *
 * @param text - The raw text.
 * @param maxLength - Most characters kept (20 for a symbol, 100 for a name).
 * @example
 * cleanTokenLabel('USDC\u0000\u0000', 20) // 'USDC'
 */
export function cleanTokenLabel(text: string | undefined, maxLength: number): string | undefined {
  const clean = text
    ?.replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, maxLength)
  return clean ? clean : undefined
}

function readDecimals(data: Hex | undefined): number | undefined {
  if (data?.length !== 66) return undefined
  const value = BigInt(data)
  return value <= BigInt(MAX_DECIMALS) ? Number(value) : undefined
}
