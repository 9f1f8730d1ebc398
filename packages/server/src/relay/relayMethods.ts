import type { RelayConnection } from './RelayConnection.js'
import type { PublishParams } from './relayParams.js'
import { readMessage, readObject, readPublish, readTag, readTopic, readTopics, readTtl, MAX_BATCH_TOPICS } from './relayParams.js'
import { JsonRpcError, RPC_ERROR } from './JsonRpcError.js'

/** What a relay method answers, and what it does once the answer is sent. */
export interface RelayMethodOutcome {
  /** The JSON-RPC `result`. */
  result: unknown
  /** Work that must follow the answer (pushing stored messages after a subscribe's id). */
  afterReply?: () => Promise<void>
}

/**
 * What the relay methods ask of the relay (`RelayHub` implements it): its topics, its store and its
 * fan-out. An interface here, so the methods and the hub that dispatches to them do not import
 * each other.
 */
export interface RelayMethodHost {
  subscribe(connection: RelayConnection, topics: readonly string[]): { ids: string[]; added: string[] }
  deliverStored(connection: RelayConnection, topics: readonly string[]): Promise<void>
  unsubscribe(connection: RelayConnection, topics: readonly string[]): void
  publish(sender: RelayConnection, params: PublishParams): Promise<void>
  fetch(connection: RelayConnection, topics: readonly string[]): Promise<{ messages: object[]; hasMore: boolean }>
}

/**
 * One method of the relay protocol. Throws a `JsonRpcError` to answer with an error.
 *
 * @param hub - The relay.
 * @param connection - The calling socket.
 * @param params - The request's params, unchecked.
 */
export type RelayMethod = (hub: RelayMethodHost, connection: RelayConnection, params: unknown) => Promise<RelayMethodOutcome>

// Tags and TTL the sign-client's messages carry (its ENGINE_RPC_OPTS). The two session
// methods below bundle several messages in one request without saying their tags.
const TAG_SESSION_PROPOSE = 1100
const TAG_SESSION_PROPOSE_RESPONSE = 1101
const TAG_SESSION_SETTLE = 1102
const PROPOSAL_TTL_SECONDS = 300

/** Subscribes, answers with the ids, then hands over what was stored for the new topics. */
function subscribeTopics(hub: RelayMethodHost, connection: RelayConnection, topics: string[]): { ids: string[]; afterReply: () => Promise<void> } {
  const { ids, added } = hub.subscribe(connection, topics)
  return { ids, afterReply: () => hub.deliverStored(connection, added) }
}

/**
 * The methods the relay answers, by name: the `irn_*` protocol of `@walletconnect/core`
 * (`irn_subscribe`, `irn_batchSubscribe`, `irn_unsubscribe`, `irn_batchUnsubscribe`,
 * `irn_publish`, `irn_batchPublish`, `irn_batchFetchMessages`) and the two session shortcuts
 * the sign-client 2.25 sends instead of separate subscribes and publishes
 * (`wc_proposeSession`, `wc_approveSession`).
 */
export const RELAY_METHODS: ReadonlyMap<string, RelayMethod> = new Map<string, RelayMethod>([
  [
    'irn_subscribe',
    async (hub, connection, params) => {
      const topic = readTopic(readObject(params).topic)
      const { ids, afterReply } = subscribeTopics(hub, connection, [topic])
      return { result: ids[0], afterReply }
    }
  ],
  [
    'irn_batchSubscribe',
    async (hub, connection, params) => {
      const { ids, afterReply } = subscribeTopics(hub, connection, readTopics(readObject(params).topics))
      return { result: ids, afterReply }
    }
  ],
  [
    'irn_unsubscribe',
    async (hub, connection, params) => {
      // The id is the one this relay handed out for (topic, client): the topic says it all.
      hub.unsubscribe(connection, [readTopic(readObject(params).topic)])
      return { result: true }
    }
  ],
  [
    'irn_batchUnsubscribe',
    async (hub, connection, params) => {
      const subscriptions = readObject(params).subscriptions
      if (!Array.isArray(subscriptions) || subscriptions.length === 0 || subscriptions.length > MAX_BATCH_TOPICS) {
        throw new JsonRpcError(RPC_ERROR.invalidParams, `Invalid params: subscriptions must be an array of 1 to ${MAX_BATCH_TOPICS} { topic, id }`)
      }
      const topics = subscriptions.map((s, i) => readTopic(readObject(s, `subscriptions[${i}]`).topic, `subscriptions[${i}].topic`))
      hub.unsubscribe(connection, topics)
      return { result: true }
    }
  ],
  [
    'irn_publish',
    async (hub, connection, params) => {
      await hub.publish(connection, readPublish(params))
      return { result: true }
    }
  ],
  [
    'irn_batchPublish',
    async (hub, connection, params) => {
      const messages = readObject(params).messages
      if (!Array.isArray(messages) || messages.length === 0 || messages.length > MAX_BATCH_TOPICS) {
        throw new JsonRpcError(RPC_ERROR.invalidParams, `Invalid params: messages must be an array of 1 to ${MAX_BATCH_TOPICS} messages`)
      }
      // All checked before any is published: the batch is refused or taken whole.
      const all = messages.map((m, i) => readPublish(m, `messages[${i}]`))
      for (const message of all) await hub.publish(connection, message)
      return { result: true }
    }
  ],
  ['irn_batchFetchMessages', async (hub, connection, params) => ({ result: await hub.fetch(connection, readTopics(readObject(params).topics)) })],
  [
    // The dapp's proposal: subscribe it to the pairing topic (the sign-client skips its own
    // irn_subscribe for it) and publish the proposal there for the wallet.
    'wc_proposeSession',
    async (hub, connection, params) => {
      const p = readObject(params)
      const pairingTopic = readTopic(p.pairingTopic, 'pairingTopic')
      const proposal = readMessage(p.sessionProposal, 'sessionProposal')
      const ttl = readTtl(p.ttl, PROPOSAL_TTL_SECONDS)
      const { afterReply } = subscribeTopics(hub, connection, [pairingTopic])
      await hub.publish(connection, { topic: pairingTopic, message: proposal, ttl, tag: readTag(p.tag, TAG_SESSION_PROPOSE) })
      return { result: true, afterReply }
    }
  ],
  [
    // The wallet's approval: subscribe it to the new session topic (again skipped by the
    // sign-client), answer the proposal on the pairing topic, and put the settlement on the
    // session topic, where the dapp finds it when it subscribes after reading the answer.
    'wc_approveSession',
    async (hub, connection, params) => {
      const p = readObject(params)
      const sessionTopic = readTopic(p.sessionTopic, 'sessionTopic')
      const pairingTopic = readTopic(p.pairingTopic, 'pairingTopic')
      const response = readMessage(p.sessionProposalResponse, 'sessionProposalResponse')
      const settlement = readMessage(p.sessionSettlementRequest, 'sessionSettlementRequest')
      const ttl = readTtl(p.ttl, PROPOSAL_TTL_SECONDS)
      const { afterReply } = subscribeTopics(hub, connection, [sessionTopic])
      // Settlement stored first: by the time the dapp reads the answer and subscribes to the
      // session topic, the settlement is there for it.
      await hub.publish(connection, { topic: sessionTopic, message: settlement, ttl, tag: TAG_SESSION_SETTLE })
      await hub.publish(connection, { topic: pairingTopic, message: response, ttl, tag: TAG_SESSION_PROPOSE_RESPONSE })
      return { result: true, afterReply }
    }
  ]
])
