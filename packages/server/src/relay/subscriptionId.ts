import { createHash } from 'node:crypto'

/**
 * The id of a client's subscription to a topic, computed the way the sign-client computes it
 * itself (hex `sha256(topic + clientId)`), so the id the relay answers with is the one the client
 * already holds.
 *
 * @param topic - The topic.
 * @param clientId - The client's id (see `verifyRelayAuth`).
 */
export function subscriptionId(topic: string, clientId: string): string {
  return createHash('sha256')
    .update(topic + clientId, 'utf8')
    .digest('hex')
}
