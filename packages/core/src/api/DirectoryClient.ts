import { directoryEndpoints, endpointPath, type EndpointResponse } from '@wallet-modal/wire'
import type { HttpClient } from './HttpClient.js'
import { createCheckedCalls, type CallQuery } from './checkedCalls.js'
import { serviceUrl } from './sdk.js'
import type { Wallet } from './schemas.js'

/** A page of directory wallets (the `/getWallets` answer). */
export type WalletPage = EndpointResponse<typeof directoryEndpoints.getWallets>

/**
 * Query of `/getWallets`: page and size, and optionally `include`/`exclude` (wallet ids),
 * `chains` (CAIP-2 ids or namespaces), `search` and `badge_type`. Lists may be given as arrays.
 */
export type WalletQuery = CallQuery<typeof directoryEndpoints.getWallets>

/** Where the wallet list comes from: a wallet-modal server's directory, or the public registry. */
export interface DirectoryLocation {
  url: string
  /** The public registry (walletconnect-specs' `getWallets`): its wallets name their rdns in `injected`. */
  public: boolean
}

/**
 * A wallet as the modal uses it, from either directory: the public registry names a wallet's
 * EIP-6963 rdns in its `injected` list (namespace `eip155`) rather than in `rdns`.
 */
function normalise(wallet: Wallet): Wallet {
  if (wallet.rdns || !wallet.injected?.length) return wallet
  const rdns = wallet.injected.find(i => i.namespace === 'eip155' && i.injected_id)?.injected_id
  return rdns ? { ...wallet, rdns } : wallet
}

/**
 * The wallet directory's calls the lists need (spec §7 `/getWallets`, `/getWalletImage/{id}`),
 * against the site's own directory or the public registry: the same paths and parameters
 * (projectId, st, sv in the query, so no custom header forces a CORS preflight), every answer
 * checked, and the registry's wallets normalised.
 *
 * @param http - The HTTP client (timeouts, retries).
 * @param directory - Where the directory is.
 * @param projectId - The site's project id.
 * @example
 * ```ts
 * const directory = createDirectoryClient(http, { url: 'https://api.web3modal.org', public: true }, projectId)
 * const { data, count } = await directory.getWallets({ page: 1, entries: 4, chains: ['eip155:1'] })
 * ```
 */
export function createDirectoryClient(http: HttpClient, directory: DirectoryLocation, projectId: string) {
  const { getChecked } = createCheckedCalls(http, projectId)
  return {
    /** Where it is. */
    location: directory,
    async getWallets(q: WalletQuery): Promise<WalletPage> {
      const page = await getChecked(directory.url, directoryEndpoints.getWallets, undefined, { ...q, search: q.search || undefined }, 'getWallets')
      return { count: page.count, data: page.data.map(normalise) }
    },
    /** The URL of a wallet image (`/getWalletImage/{id}`), with the project parameters. */
    walletImageUrl(imageId: string): string {
      return serviceUrl(directory.url, endpointPath(directoryEndpoints.walletImage, { id: imageId }), projectId).href
    }
  }
}

/** The directory client's type. */
export type DirectoryClient = ReturnType<typeof createDirectoryClient>
