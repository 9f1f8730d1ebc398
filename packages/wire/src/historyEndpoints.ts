import * as v from 'valibot'
import { ClientParamsSchema } from './ClientParams.js'
import { defineEndpoint } from './Endpoint.js'
import { Caip2Schema, EvmAddressSchema } from './formats.js'

// The activity feed of the blockchain data API (spec §7 `/v1/account/{account}/history`).

/** One asset movement of a transaction (spec §3 Transaction: fungible or NFT, with a quantity). */
export const TransactionTransferSchema = v.object({
  fungible_info: v.optional(
    v.nullable(
      v.object({
        name: v.optional(v.nullable(v.string())),
        symbol: v.optional(v.nullable(v.string())),
        icon: v.optional(v.nullable(v.object({ url: v.optional(v.nullable(v.string())) }))),
        /**
         * `verified: false`: a token the server's operator did not list. Anyone can deploy a token
         * named like a real one and send it to an address ("address poisoning"); the modal treats
         * a transaction made only of such transfers as spam.
         */
        flags: v.optional(v.nullable(v.object({ verified: v.optional(v.boolean(), true) })))
      })
    )
  ),
  nft_info: v.optional(
    v.nullable(
      v.object({
        name: v.optional(v.nullable(v.string())),
        content: v.optional(v.nullable(v.object({ preview: v.optional(v.nullable(v.object({ url: v.optional(v.nullable(v.string())) }))) }))),
        flags: v.optional(v.nullable(v.object({ is_spam: v.optional(v.boolean(), false) })))
      })
    )
  ),
  /** `out`: the account sent it; `in`: received it; `self`: both. */
  direction: v.optional(v.nullable(v.string())),
  /** `numeric`: the decimal amount, e.g. `"10.5"`. */
  quantity: v.object({ numeric: v.pipe(v.string(), v.regex(/^-?\d+(\.\d+)?$/)) }),
  /** USD value, when priced. */
  value: v.optional(v.nullable(v.number())),
  /** USD price of one unit, when priced. */
  price: v.optional(v.nullable(v.number()))
})
/** A transfer of a transaction. */
export type TransactionTransfer = v.InferOutput<typeof TransactionTransferSchema>

/** A transaction of an account's history (spec §3 Transaction), seen from that account. */
export const TransactionSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1)),
  metadata: v.object({
    minedAt: v.pipe(v.string(), v.isoTimestamp()),
    /** CAIP-2 id. */
    chain: v.string(),
    /** `send`, `receive`, `execute`, `trade`, `buy` (an on-ramp purchase), `mint`, … */
    operationType: v.string(),
    /** The on-ramp provider that reported a `buy`. */
    onramp: v.optional(v.string()),
    /** `confirmed` or `failed`. */
    status: v.string(),
    sentFrom: v.string(),
    /** Absent when the transaction has no recipient (a contract creation). */
    sentTo: v.optional(v.string()),
    /** The sender's name (ENS primary name, or the operator's), when it has one. Shown as text, never as markup. */
    sentFromName: v.optional(v.pipe(v.string(), v.maxLength(255))),
    /** The recipient's name, when it has one. */
    sentToName: v.optional(v.pipe(v.string(), v.maxLength(255))),
    hash: v.optional(v.string()),
    nonce: v.optional(v.number())
  }),
  transfers: v.array(TransactionTransferSchema)
})
/** A transaction of the history. */
export type Transaction = v.InferOutput<typeof TransactionSchema>

/** Path parameters of the history call. */
export const HistoryParamsSchema = v.object({ account: EvmAddressSchema })

/** Longest accepted `cursor`. */
export const MAX_HISTORY_CURSOR_LENGTH = 200

/**
 * Query of the history call (spec §7: cursor, onramp, chainId):
 * - `chainId` narrows the feed to one network (all the service's networks without it);
 * - `cursor` asks for the page after the one whose `next` it is;
 * - `onramp` names an on-ramp provider (`coinbase`): the feed is then that provider's purchases
 *   for the account instead of its transactions. The on-ramp views will ask for it; a service
 *   with no on-ramp activity answers such a query with an empty page.
 */
export const HistoryQuerySchema = v.object({
  ...ClientParamsSchema.entries,
  chainId: v.optional(Caip2Schema),
  cursor: v.optional(v.pipe(v.string(), v.maxLength(MAX_HISTORY_CURSOR_LENGTH))),
  onramp: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(50)))
})

/** The history answer: transactions newest first, and the cursor of the next page (null or absent on the last). */
export const HistoryPageSchema = v.object({ data: v.array(TransactionSchema), next: v.optional(v.nullable(v.string())) })
/** A page of history. */
export type HistoryPage = v.InferOutput<typeof HistoryPageSchema>

/** The activity feed's call, with `projectId`, `st` and `sv`. */
export const historyEndpoints = {
  history: defineEndpoint({
    method: 'GET',
    path: '/v1/account/:account/history',
    params: HistoryParamsSchema,
    query: HistoryQuerySchema,
    response: HistoryPageSchema
  })
} as const
