import type { Store } from '../db/Store.js'

/** A purchase a provider reported: the transaction that paid the crypto out. */
export interface OnRampPurchase {
  provider: string
  /** CAIP-2 id. */
  chainId: string
  /** Lower-case, as the activity table keeps it. */
  txHash: string
  address: string
  asset: string
  amount: string
  fiatAmount: string
  fiatCurrency: string
}

/**
 * The `onramp_purchases` table: what providers reported through their signed webhooks, so the
 * activity feed can mark those transactions as bought and list one provider's purchases.
 */
export class OnRampPurchases {
  constructor(private readonly store: Store) {}

  /** Records a purchase; a report of the same transaction again changes nothing. */
  async record(p: OnRampPurchase): Promise<void> {
    await this.store.query(
      `INSERT INTO onramp_purchases (provider, chain_id, tx_hash, address, asset, amount, fiat_amount, fiat_currency)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (chain_id, tx_hash) DO NOTHING`,
      [p.provider, p.chainId, p.txHash.toLowerCase(), p.address, p.asset, p.amount, p.fiatAmount, p.fiatCurrency]
    )
  }

  /** Which of these transactions (`{chainId}|{txHash}`) were on-ramp purchases, and from which provider. */
  async providersOf(keys: readonly { chainId: string; txHash: string }[]): Promise<Map<string, string>> {
    if (keys.length === 0) return new Map()
    const result = await this.store.query<{ chain_id: string; tx_hash: string; provider: string }>(
      `SELECT chain_id, tx_hash, provider FROM onramp_purchases WHERE (chain_id || '|' || tx_hash) = ANY($1::text[])`,
      [keys.map(k => `${k.chainId}|${k.txHash.toLowerCase()}`)]
    )
    return new Map(result.rows.map(r => [`${r.chain_id}|${r.tx_hash}`, r.provider]))
  }
}
