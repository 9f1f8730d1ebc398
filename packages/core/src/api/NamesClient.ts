import { nameEndpoints, type NamedProfile, type NameSuggestion, type RegisterNameBody } from '@wallet-modal/wire'
import { createCheckedCalls } from './checkedCalls.js'
import type { HttpClient } from './HttpClient.js'

/**
 * The name service's calls of spec §7 on the blockchain data API (`/v1/profile/reverse/{address}`,
 * `/v1/profile/suggestions/{name}`, `POST /v1/profile/account`), every answer checked against the
 * wire contract. The forward lookup stays in the service client: Send resolves names with it.
 * Its own module, so only an account that looks its name up loads it.
 *
 * @param http - The HTTP client (timeouts, retries).
 * @param blockchainApiUrl - The blockchain data API's base URL.
 * @param projectId - The site's project id.
 */
export function createNamesClient(http: HttpClient, blockchainApiUrl: string, projectId: string) {
  const { getChecked, postChecked } = createCheckedCalls(http, projectId)
  const base = blockchainApiUrl
  return {
    /** The names of `address`, the one to show first; `sender` is the connected account asking. */
    reverse(address: string, sender: string): Promise<NamedProfile[]> {
      return getChecked(base, nameEndpoints.reverse, { address }, { sender, apiVersion: '2' }, 'names for address')
    },
    /** Whether `name` is taken (the first entry), then free variants; asked as the visitor types: no retries. */
    async suggestions(name: string, zone: string, opts: { signal?: AbortSignal } = {}): Promise<NameSuggestion[]> {
      return (await getChecked(base, nameEndpoints.suggestions, { name }, { zone }, 'name suggestions', { retries: 0, signal: opts.signal })).suggestions
    },
    /** Registers the signed name (a signed message counts once: no retries). */
    register(body: RegisterNameBody): Promise<NamedProfile> {
      return postChecked(base, nameEndpoints.register, body, 'name registration', { retries: 0 })
    }
  }
}

/** The names client's type. */
export type NamesClient = ReturnType<typeof createNamesClient>
