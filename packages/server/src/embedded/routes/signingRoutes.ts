import { classifyEmbeddedMethod } from '@wallet-modal/wire'
import type { FastifyInstance } from 'fastify'
import type { Hex } from 'viem'
import * as v from 'valibot'
import { type Bundler, bundlerForCaller } from '../../bundler/Bundler.js'
import { checkLogsCall, MAX_LOGS_BLOCK_RANGE, upstreamHead } from '../../chain/logsRangeProblem.js'
import { PriceTable } from '../../chain/PriceTable.js'
import { readBalances } from '../../chain/readBalances.js'
import { upstreamRpc } from '../../chain/upstreamRpc.js'
import type { ChainConfig } from '../../config/ServerConfig.js'
import { ApiError } from '../../http/ApiError.js'
import { clientKey } from '../../http/clientKey.js'
import { priceBalances } from '../../prices/priceBalances.js'
import { callsStatus } from '../callsStatus.js'
import { describeRequest } from '../describeRequest.js'
import { evmChainId, type SmartAccountChain, smartAccountClient, smartAccountState } from '../embeddedSmartAccount.js'
import { eoaCallsStatus, isEoaBatchId, readEoaBatchId } from '../sendEoaCalls.js'
import { signEmbeddedRequest } from '../signEmbeddedRequest.js'
import { signSmartAccountRequest } from '../signSmartAccountRequest.js'
import { type ReadChainBalances, walletAssets } from '../walletAssets.js'
import type { SecureRoutesContext } from './secureRoutesContext.js'

const ChainIdSchema = v.union([v.pipe(v.number(), v.integer(), v.minValue(0)), v.pipe(v.string(), v.maxLength(60))])
const RpcBody = v.object({
  chainId: ChainIdSchema,
  method: v.pipe(v.string(), v.maxLength(100)),
  params: v.optional(v.unknown()),
  accountType: v.optional(v.picklist(['eoa', 'smartAccount'], 'accountType: eoa or smartAccount'))
})
const SmartAccountBody = v.object({ chainId: ChainIdSchema })
type RpcRoute = { Body: v.InferOutput<typeof RpcBody> }

/**
 * The wallet's chain calls, all with the bearer session (looked up before the body is checked):
 * - `POST /api/rpc`: the calls that need no approval (`classifyEmbeddedMethod` says `safe`):
 *   `wallet_getAssets` (EIP-7811) from the balances the balance route reads, `wallet_getCallsStatus`
 *   (EIP-5792) of the key's own batches or of the bundler's, `eth_getLogs` with the RPC proxy's
 *   range check, the rest forwarded to the chain's node (its error a 502);
 * - `POST /api/smart-account`: the person's smart account on a chain and whether it exists yet;
 * - `POST /api/describe`: what an approval shows (`approve` calls only), with the acting smart
 *   account and who pays for its first transaction;
 * - `POST /api/sign`: signs or sends an approved call, from the key's own account or its smart
 *   account (through the chain's bundler and paymaster, counted per person and client).
 *
 * @param app - The secure site's Fastify instance.
 * @param ctx - The secure site's shared context.
 */
export function signingRoutes(app: FastifyInstance, ctx: SecureRoutesContext): void {
  const { server } = ctx
  const signedIn = { preValidation: ctx.requireSession }

  // wallet_getAssets reads what the balance route reads: the same tokens, the same prices.
  const prices = new PriceTable(server.config.prices)
  const readAssets: ReadChainBalances = async (chain, address) => {
    const read = await readBalances(
      chain,
      address,
      prices,
      (_symbol, configured) => configured ?? '',
      server.upstreamTimeoutMs,
      server.tokenLists?.tokensFor(chain) ?? chain.tokens ?? []
    )
    if (server.priceService) return priceBalances(server.priceService, chain, read)
    return read.map(({ price: _price, value: _value, ...unpriced }) => unpriced)
  }

  const chainOf = (chainId: string | number): ChainConfig => {
    const id = typeof chainId === 'number' || /^\d+$/.test(chainId) ? `eip155:${chainId}` : chainId
    const chain = ctx.chainsById.get(id)
    if (!chain) throw new ApiError(400, `Network ${id} is not served here`)
    return chain
  }

  /** One JSON-RPC call to the chain's node; its error is a 502 with the node's message. */
  const nodeCall = async (chain: ChainConfig, method: string, params: unknown[]): Promise<unknown> => {
    const answer = (await upstreamRpc(chain.rpcUrl, { jsonrpc: '2.0', id: 1, method, params }, server.upstreamTimeoutMs)) as {
      result?: unknown
      error?: { message?: string; code?: number }
    }
    if (answer.error) throw new ApiError(502, answer.error.message ?? 'The network answered with an error')
    return answer.result ?? null
  }

  /** The chain's smart-account contracts and bundler; refused where it has none. */
  const smartChainOf = (chain: ChainConfig): { target: SmartAccountChain; bundler: Bundler } => {
    const bundler = server.bundlers.get(chain.caipNetworkId)
    if (!chain.smartAccounts || !bundler) throw new ApiError(400, `Smart accounts are not enabled on ${chain.name}`)
    return { target: { chain, smart: chain.smartAccounts, paymaster: ctx.paymasters.get(chain.caipNetworkId) }, bundler }
  }

  app.post<RpcRoute>('/api/rpc', { ...signedIn, schema: { body: RpcBody } }, async request => {
    await ctx.sessionOf(request)
    const { chainId, method, params } = request.body
    if (classifyEmbeddedMethod(method) !== 'safe') throw new ApiError(403, 'Requested RPC call is not allowed')
    // EIP-7811: the account's assets on the chains it names (any served chain, not only this one).
    if (method === 'wallet_getAssets') return { result: await walletAssets(params, ctx.evmChains, readAssets) }
    // EIP-5792: a batch the key's own account sent is its transactions, read from the id's chain.
    const batchId = method === 'wallet_getCallsStatus' && Array.isArray(params) && typeof params[0] === 'string' ? params[0] : undefined
    if (batchId && isEoaBatchId(batchId)) {
      const batchChain = chainOf(readEoaBatchId(batchId as Hex).chainId)
      return { result: await eoaCallsStatus(batchId as Hex, (m, p) => nodeCall(batchChain, m, p)) }
    }
    const chain = chainOf(chainId)
    // EIP-5792: a smart-account batch's status is the bundler's, not the node's.
    if (method === 'wallet_getCallsStatus') return { result: await callsStatus(smartChainOf(chain).bundler, evmChainId(chain), params) }
    let forwarded = (params ?? []) as unknown[]
    if (method === 'eth_getLogs') {
      // The RPC proxy's check: the node gets the rebuilt filter whose range was checked.
      const maxRange = server.config.rpcProxy?.maxLogsBlockRange ?? MAX_LOGS_BLOCK_RANGE
      const checked = await checkLogsCall(params, maxRange, () => upstreamHead(chain.rpcUrl, server.upstreamTimeoutMs))
      if (!checked.ok) throw new ApiError(400, checked.message)
      forwarded = checked.params
    }
    return { result: await nodeCall(chain, method, forwarded) }
  })

  // The smart account of the person's eip155 key on a chain: where it is, and whether it exists yet.
  app.post<{ Body: v.InferOutput<typeof SmartAccountBody> }>('/api/smart-account', { ...signedIn, schema: { body: SmartAccountBody } }, async request => {
    const { account } = await ctx.sessionOf(request)
    const { target } = smartChainOf(chainOf(request.body.chainId))
    return smartAccountState(target, account.addresses.eip155 as `0x${string}`, smartAccountClient(target, server.upstreamTimeoutMs)).catch(() => {
      throw new ApiError(502, `${target.chain.name} did not answer`)
    })
  })

  app.post<RpcRoute>('/api/describe', { ...signedIn, schema: { body: RpcBody } }, async request => {
    const { account } = await ctx.sessionOf(request)
    const { chainId, method, params, accountType } = request.body
    if (classifyEmbeddedMethod(method) !== 'approve') throw new ApiError(403, 'Requested RPC call is not allowed')
    const chain = chainOf(chainId)
    const smart = accountType === 'smartAccount' && chain.caipNetworkId.startsWith('eip155:')
    const description = await describeRequest(
      { method, params, chain },
      server.upstreamTimeoutMs,
      smart,
      chain.caipNetworkId.startsWith('solana:') ? account.addresses.solana : undefined
    )
    if (smart && !description.refused) {
      // Says which account acts, and that the first transaction also creates it.
      const { target } = smartChainOf(chain)
      const state = await smartAccountState(target, account.addresses.eip155 as `0x${string}`, smartAccountClient(target, server.upstreamTimeoutMs)).catch(
        () => undefined
      )
      const creates = state !== undefined && !state.deployed && (method === 'eth_sendTransaction' || method === 'wallet_sendCalls')
      description.rows.unshift({
        label: 'From',
        value: state ? `Smart account ${state.address}${creates ? ' (created by this transaction)' : ''}` : 'Smart account'
      })
      if (creates && target.paymaster) {
        // The operator's paymaster pays for the first transaction: no fee to hold the coin for.
        description.rows = description.rows.filter(row => !row.label.startsWith('Network fee'))
        description.rows.push({ label: 'Network fee', value: "None: this site's operator pays for your account's first transaction" })
      }
    }
    return description
  })

  app.post<RpcRoute>('/api/sign', { ...signedIn, schema: { body: RpcBody } }, async request => {
    const { account } = await ctx.sessionOf(request)
    const { chainId, method, params, accountType } = request.body
    if (classifyEmbeddedMethod(method) !== 'approve') throw new ApiError(403, 'Requested RPC call is not allowed')
    const chain = chainOf(chainId)
    const smart = accountType === 'smartAccount' && chain.caipNetworkId.startsWith('eip155:') ? smartChainOf(chain) : undefined
    const keys = await ctx.accounts.openKeys(account.id)
    try {
      const signingRequest = { method, params, chain }
      return {
        result: smart
          ? await signSmartAccountRequest(
              signingRequest,
              // The bundler's per-client limit and the paymaster's budgets count this person and address.
              { ...smart.target, paymaster: smart.target.paymaster?.forCaller({ userId: account.id, clientKey: clientKey(request.ip) }) },
              bundlerForCaller(smart.bundler, { clientKey: clientKey(request.ip) }),
              keys,
              server.upstreamTimeoutMs
            )
          : await signEmbeddedRequest(signingRequest, keys, server.upstreamTimeoutMs)
      }
    } finally {
      keys.solana.fill(0)
    }
  })
}
