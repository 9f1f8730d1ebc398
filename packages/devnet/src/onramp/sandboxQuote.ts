import { DEVNET_TOKEN_DECIMALS } from '../constants.js'

/**
 * The sandbox's limits per payment method, in either currency: deliberately unlike the modal's
 * built-in fallback limits (card 10–7,500, bank 10–25,000), so a page shows which it used.
 */
export const SANDBOX_LIMITS = { card: { min: '20', max: '5000' }, bank: { min: '20', max: '10000' } } as const

/**
 * What the sandbox sells: DUSD (standing in for USDC) on the EVM chains, at 1 USD; SOL on the local
 * Solana network at the demo's 150 USD, paid by the network's faucet (`requestAirdrop`).
 */
export const SANDBOX_ASSETS = { DUSD: { priceUsd: 1, decimals: DEVNET_TOKEN_DECIMALS }, SOL: { priceUsd: 150, decimals: 9 } } as const

/** An asset the sandbox sells. */
export type SandboxAsset = keyof typeof SANDBOX_ASSETS

/** What one unit of each payment currency is worth in USD. */
export const SANDBOX_FIAT_IN_USD: Readonly<Record<string, number>> = { USD: 1, EUR: 1.08 }

/** The provider's fee (1.5%, within the advertised 1–2%) and a flat network fee per purchase, in the payment currency. */
const PROVIDER_FEE_BPS = 150n
const NETWORK_FEE_CENTS = 10n

/** A quote of the sandbox: money amounts as decimals with 2 places, the purchase in whole units. */
export interface SandboxQuote {
  /** Whole units of the asset bought, e.g. `'98.4'`. */
  purchase: string
  /** The same in the asset's base units. */
  units: bigint
  subtotal: string
  total: string
  networkFee: string
  providerFee: string
}

/**
 * Cents of a decimal money amount (at most 2 places, at most 9 digits before them), or undefined.
 *
 * @example sandboxCents('12.5') // 1250n
 */
export function sandboxCents(amount: string): bigint | undefined {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(amount)
  return m ? BigInt(m[1]!) * 100n + BigInt((m[2] ?? '').padEnd(2, '0')) : undefined
}
const fromCents = (c: bigint) => `${c / 100n}.${(c % 100n).toString().padStart(2, '0')}`

/**
 * The fees and what a payment buys of `asset` (DUSD is worth 1 USD, SOL 150; EUR converts at its
 * USD rate), rounded down to the asset's base unit; undefined for an amount that is not money, an
 * unknown currency, or one the fees eat whole.
 *
 * @param fiatAmount - What the buyer pays, fees included (`'100'`, `'100.5'`).
 * @param fiatCurrency - `USD` or `EUR`.
 * @param asset - What is bought (default DUSD).
 * @example sandboxQuote('100', 'USD') // { purchase: '98.4', total: '100.00', providerFee: '1.50', networkFee: '0.10', … }
 */
export function sandboxQuote(fiatAmount: string, fiatCurrency: string, asset: SandboxAsset = 'DUSD'): SandboxQuote | undefined {
  const total = sandboxCents(fiatAmount)
  const rate = SANDBOX_FIAT_IN_USD[fiatCurrency]
  if (total === undefined || rate === undefined) return undefined
  const providerFee = (total * PROVIDER_FEE_BPS + 9_999n) / 10_000n
  const subtotal = total - providerFee - NETWORK_FEE_CENTS
  if (subtotal <= 0n) return undefined
  // Subtotal (cents of the currency) in the asset's base units, rounded down.
  const { priceUsd, decimals } = SANDBOX_ASSETS[asset]
  const one = 10n ** BigInt(decimals)
  const units = (subtotal * BigInt(Math.round(rate * 10_000)) * one) / (1_000_000n * BigInt(priceUsd))
  const frac = (units % one).toString().padStart(decimals, '0').replace(/0+$/, '')
  return {
    purchase: frac ? `${units / one}.${frac}` : String(units / one),
    units,
    subtotal: fromCents(subtotal),
    total: fromCents(total),
    networkFee: fromCents(NETWORK_FEE_CENTS),
    providerFee: fromCents(providerFee)
  }
}
