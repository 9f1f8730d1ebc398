import * as v from 'valibot'
import { ClientParamsSchema } from './ClientParams.js'
import { defineEndpoint } from './Endpoint.js'

/** An eip155 CAIP-2 id: bundlers serve EVM chains only. */
const Eip155NetworkSchema = v.pipe(v.string(), v.regex(/^eip155:[0-9]{1,32}$/, 'an eip155 CAIP-2 network id'))

/** Query of `POST /v1/bundler`: the project and the chain whose bundler is asked. */
export const BundlerQuerySchema = v.object({ projectId: ClientParamsSchema.entries.projectId, chainId: Eip155NetworkSchema })

/**
 * The ERC-4337 bundler of a chain the service enables smart accounts on (ERC-7769 JSON-RPC):
 * `eth_sendUserOperation`, `eth_estimateUserOperationGas`, `eth_getUserOperationByHash`,
 * `eth_getUserOperationReceipt`, `eth_supportedEntryPoints` and `eth_chainId`, one request or a
 * small batch. It is the URL a viem bundler client takes as its transport.
 *
 * @example
 * ```ts
 * const bundler = createBundlerClient({ client, transport: http(`${api}/v1/bundler?chainId=eip155:31337&projectId=demo`) })
 * ```
 */
export const bundlerEndpoints = {
  bundler: defineEndpoint({ method: 'POST', path: '/v1/bundler', query: BundlerQuerySchema })
} as const
