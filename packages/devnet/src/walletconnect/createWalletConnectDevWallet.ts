import { randomUUID } from 'node:crypto'
import type { SignClient as SignClientClass } from '@walletconnect/sign-client'
import type { SignClientTypes } from '@walletconnect/types'
import { isHex, type Address, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { RpcError } from '../RpcError.js'
import { WALLET_PRIVATE_KEY } from '../constants.js'
import { answerWalletRequest } from './answerWalletRequest.js'
import { buildApprovalNamespaces, eip155Id } from './buildApprovalNamespaces.js'
import { MemoryKeyValueStorage } from './MemoryKeyValueStorage.js'
import { parseWalletConnectUri } from './parseWalletConnectUri.js'
import { createTransactionSender, toRpcError, type TransactionSender, type WalletChain } from './sendWalletTransaction.js'
import { WalletInputError } from './WalletInputError.js'
import { WalletLog, type WalletLogEntry } from './WalletLog.js'

/** `approve`: approve every proposal and request it can; `reject`: refuse them all (4001 / USER_REJECTED). */
export type WalletMode = 'approve' | 'reject'

/** Options of {@link createWalletConnectDevWallet}. */
export interface WalletConnectDevWalletOptions {
  /** The relay's WebSocket URL, e.g. the wallet-modal server's `relayUrl` (`ws://127.0.0.1:8787/relay`). */
  relayUrl: string
  /** WalletConnect project id sent to the relay (default `demo`, the devnet server's project). */
  projectId?: string
  /** The account's private key (default {@link WALLET_PRIVATE_KEY}, i.e. `WALLET_ACCOUNT`). */
  privateKey?: Hex
  /** The chains the wallet serves, each with the node it sends transactions to. At least one. */
  chains: readonly WalletChain[]
  /** Initial mode (default `approve`). */
  mode?: WalletMode
  /** How long {@link WalletConnectDevWallet.pair} waits for the dapp's proposal (default 5000 ms). */
  proposalTimeoutMs?: number
  /** The SDK's log level (default `silent`; `debug` shows every protocol message). */
  logLevel?: string
  /** The wallet's name as dapps see it (default `Devnet WalletConnect wallet`). */
  name?: string
}

/** A session as {@link WalletConnectDevWallet.sessions} lists it. */
export interface WalletSessionInfo {
  /** The session topic (the id to disconnect it by). */
  topic: string
  /** The dapp, from its metadata. */
  peer: { name: string; url: string }
  /** Approved CAIP-2 chains (`eip155:31337`). */
  chains: string[]
  /** Approved CAIP-10 accounts (`eip155:31337:0x...`). */
  accounts: string[]
  /** When the session expires (unix seconds). */
  expiry: number
}

/** What {@link WalletConnectDevWallet.pair} reports. */
export interface PairResult {
  /** The pairing topic from the link. */
  pairingTopic: string
  /**
   * What became of the dapp's session proposal: `approved`, `rejected` (reject mode, or nothing
   * the devnet can offer), `failed` (the SDK refused), or `pending` when none arrived in time.
   */
  outcome: 'approved' | 'rejected' | 'failed' | 'pending'
  /** The new session's topic, when approved. */
  sessionTopic?: string
  /** Why it was rejected or failed. */
  detail?: string
}

/** Everything the control page shows: what `GET /wc-wallet/api/state` returns. */
export interface WalletConnectDevWalletState {
  /** Whether the wallet approves or rejects. */
  mode: WalletMode
  /** The wallet's account. */
  address: Address
  /** The open sessions. */
  sessions: WalletSessionInfo[]
  /** Recent activity, oldest first. */
  log: WalletLogEntry[]
}

/** A running WalletConnect dev wallet (see {@link createWalletConnectDevWallet}). */
export interface WalletConnectDevWallet {
  /** The wallet's account. */
  readonly address: Address
  /**
   * Pairs with a dapp from its `wc:` link and waits (up to `proposalTimeoutMs`) until its session
   * proposal has been answered.
   *
   * @throws {@link WalletInputError} for anything but a valid, unused, unexpired v2 link.
   */
  pair(uri: string): Promise<PairResult>
  /** The current mode. */
  mode(): WalletMode
  /**
   * Switches between approving and rejecting; applies to the next proposal or request.
   *
   * @throws {@link WalletInputError} for anything but `approve` or `reject`.
   */
  setMode(mode: WalletMode): void
  /** Ends one session from the wallet side (the dapp receives `session_delete`). */
  disconnect(topic: string): Promise<void>
  /** Ends every session from the wallet side; resolves with how many there were. */
  disconnectAll(): Promise<number>
  /** The open sessions. */
  sessions(): WalletSessionInfo[]
  /** The last 50 proposals, requests and disconnections, oldest first. */
  log(): WalletLogEntry[]
  /** Mode, address, sessions and log in one object. */
  state(): WalletConnectDevWalletState
  /**
   * Stops the heartbeat and closes the relay connection so the process can exit. Sessions are
   * not ended first: the wallet keeps them in memory only, so they end with it anyway. Safe to
   * call twice.
   */
  close(): Promise<void>
}

type Client = InstanceType<typeof SignClientClass>
type ProposalEvent = SignClientTypes.EventArguments['session_proposal']
type RequestEvent = SignClientTypes.EventArguments['session_request']

const DEFAULT_NAME = 'Devnet WalletConnect wallet'

/**
 * Starts a WalletConnect wallet in this Node process: an unmodified `@walletconnect/sign-client`
 * in wallet mode, holding one account whose key it signs with, serving the devnet chains. Dapps
 * (the modal's WalletConnect view, the demo) connect to it through a local relay by handing it
 * their `wc:` link, which makes the whole WalletConnect flow testable offline.
 *
 * In `approve` mode it approves proposals for the devnet chains the dapp asked for (see
 * {@link buildApprovalNamespaces}) and answers requests (see {@link answerWalletRequest}); in
 * `reject` mode it refuses proposals with USER_REJECTED and requests with 4001.
 *
 * The SDK is loaded on first use: it takes about a second to import, which processes that only
 * import the devnet's other helpers should not pay.
 *
 * @param options - See {@link WalletConnectDevWalletOptions}.
 */
export async function createWalletConnectDevWallet(options: WalletConnectDevWalletOptions): Promise<WalletConnectDevWallet> {
  const { relayUrl, chains } = options
  if (typeof relayUrl !== 'string' || !/^wss?:\/\//.test(relayUrl)) {
    throw new TypeError(`createWalletConnectDevWallet: relayUrl must be a ws:// or wss:// URL, got ${String(relayUrl)}`)
  }
  if (!Array.isArray(chains) || chains.length === 0) throw new TypeError('createWalletConnectDevWallet: give at least one chain')
  for (const chain of chains) {
    if (!Number.isSafeInteger(chain.chainId) || chain.chainId <= 0 || typeof chain.rpcUrl !== 'string') {
      throw new TypeError(`createWalletConnectDevWallet: bad chain ${JSON.stringify(chain)}`)
    }
  }
  const privateKey = options.privateKey ?? WALLET_PRIVATE_KEY
  if (!isHex(privateKey) || privateKey.length !== 66) throw new TypeError('createWalletConnectDevWallet: privateKey must be 32 bytes of hex')
  let mode = checkMode(options.mode ?? 'approve')
  const proposalTimeoutMs = options.proposalTimeoutMs ?? 5000

  const account = privateKeyToAccount(privateKey)
  const chainIds = chains.map(chain => chain.chainId)
  const senders = new Map<number, TransactionSender>(chains.map(chain => [chain.chainId, createTransactionSender(account, chain)]))
  const log = new WalletLog()

  const [{ SignClient }, { getSdkError }] = await Promise.all([import('@walletconnect/sign-client'), import('@walletconnect/utils')])
  const client: Client = await SignClient.init({
    projectId: options.projectId ?? 'demo',
    relayUrl,
    // The SDK shares one Core per storage prefix through globalThis; a prefix of its own keeps
    // this wallet apart from any other client in the process (a test's dapp, a second wallet).
    customStoragePrefix: `wm-devnet-wc-wallet-${randomUUID()}`,
    // Telemetry would post to pulse.walletconnect.org, which a devnet must not depend on.
    telemetryEnabled: false,
    storage: new MemoryKeyValueStorage(),
    logger: options.logLevel ?? 'silent',
    // By default the SDK emits session requests one at a time and holds the queue for a further
    // second after each answer, so a dapp's second request waits ~1 s. Tests and the demo send
    // several in a row; the SDK still drops duplicate deliveries (by request id) without it.
    signConfig: { disableRequestQueue: true },
    metadata: {
      name: options.name ?? DEFAULT_NAME,
      description: 'A development wallet holding a devnet account, for testing WalletConnect offline.',
      url: 'http://127.0.0.1',
      icons: []
    }
  })

  // Verify: before emitting each session_proposal and session_request, the wallet side asks
  // https://verify.walletconnect.org whether the dapp's origin is genuine
  // (getVerifyContext -> core.verify.resolve -> fetchAttestation). A Node dapp sends no
  // attestation, so every message costs a fetch to that host, guarded by a 5 s abort timer that
  // is not cleared when the fetch fails: offline, each proposal waits for DNS (or for the full
  // 5 s behind a firewall that drops packets) and leaves a timer that holds the process open.
  // Verify can say nothing about a dapp on a local relay anyway, so answer "unknown" at once:
  // the SDK then reports validation "UNKNOWN", exactly what it does when the service is down.
  client.core.verify.resolve = async () => undefined as unknown as { origin: string }

  let closed = false
  const waiters = new Map<string, { resolve(result: PairResult): void; timer: NodeJS.Timeout }>()
  const settleWaiter = (pairingTopic: string, result: Omit<PairResult, 'pairingTopic'>): void => {
    const waiter = waiters.get(pairingTopic)
    if (!waiter) return
    waiters.delete(pairingTopic)
    clearTimeout(waiter.timer)
    waiter.resolve({ pairingTopic, ...result })
  }

  const onProposal = async ({ id, params }: ProposalEvent): Promise<void> => {
    const started = performance.now()
    const peer = params.proposer.metadata.name || params.proposer.metadata.url || 'unknown dapp'
    const entry = { kind: 'proposal' as const, method: 'session_proposal', peer }
    try {
      if (mode === 'reject') {
        await client.reject({ id, reason: getSdkError('USER_REJECTED') })
        log.add({ ...entry, outcome: 'rejected', detail: 'Reject mode', ms: elapsed(started) })
        settleWaiter(params.pairingTopic, { outcome: 'rejected', detail: 'Reject mode' })
        return
      }
      const decision = buildApprovalNamespaces(params, chainIds, account.address)
      if (!decision.ok) {
        await client.reject({ id, reason: getSdkError(decision.reason) })
        log.add({ ...entry, outcome: 'rejected', detail: decision.detail, ms: elapsed(started) })
        settleWaiter(params.pairingTopic, { outcome: 'rejected', detail: decision.detail })
        return
      }
      const { topic } = await client.approve({ id, namespaces: decision.namespaces })
      const chainList = decision.namespaces.eip155!.chains!.join(', ')
      log.add({ ...entry, outcome: 'approved', chainId: chainList, detail: `Session ${topic.slice(0, 8)}…`, ms: elapsed(started) })
      settleWaiter(params.pairingTopic, { outcome: 'approved', sessionTopic: topic })
    } catch (error) {
      const detail = messageOf(error)
      log.add({ ...entry, outcome: 'failed', detail, ms: elapsed(started) })
      settleWaiter(params.pairingTopic, { outcome: 'failed', detail })
    }
  }

  const onRequest = async ({ id, topic, params }: RequestEvent): Promise<void> => {
    const started = performance.now()
    const { method, params: requestParams } = params.request
    const session = client.session.getAll().find(s => s.topic === topic)
    const entry = { kind: 'request' as const, method, peer: session?.peer.metadata.name ?? 'unknown dapp', chainId: params.chainId }
    let response: { id: number; jsonrpc: '2.0'; result: unknown } | { id: number; jsonrpc: '2.0'; error: { code: number; message: string } }
    if (mode === 'reject') {
      response = { id, jsonrpc: '2.0', error: { code: 4001, message: 'User rejected the request.' } }
      log.add({ ...entry, outcome: 'rejected', detail: 'Reject mode', ms: elapsed(started) })
    } else {
      try {
        const result = await answerWalletRequest(method, requestParams, {
          account,
          chainId: eip155Id(params.chainId) ?? chainIds[0]!,
          sessionChainIds: sessionChainIds(session),
          sendTransaction: (chainId, transaction) => {
            const send = senders.get(chainId)
            if (!send) throw new RpcError(4902, `Chain ${chainId} is not a devnet chain`)
            return send(transaction)
          },
          switchChain: async chainId => {
            await client.emit({ topic, chainId: `eip155:${chainId}`, event: { name: 'chainChanged', data: chainId } })
          }
        })
        response = { id, jsonrpc: '2.0', result }
        log.add({ ...entry, outcome: 'answered', detail: summarize(result), ms: elapsed(started) })
      } catch (error) {
        const { code, message } = toRpcError(error)
        response = { id, jsonrpc: '2.0', error: { code, message } }
        log.add({ ...entry, outcome: 'failed', detail: `${code}: ${message}`, ms: elapsed(started) })
      }
    }
    try {
      await client.respond({ topic, response })
    } catch (error) {
      // The session may have ended meanwhile (dapp disconnected, wallet closed): nobody to tell.
      log.add({ ...entry, outcome: 'failed', detail: `Could not send the answer: ${messageOf(error)}` })
    }
  }

  // Event handlers are async; an error escaping one would be an unhandled rejection, which ends
  // the whole devnet process. Each handler catches its own, this is the last line of defence.
  const guard =
    <T>(handler: (event: T) => Promise<void>) =>
    (event: T): void => {
      if (closed) return
      handler(event).catch(error => log.add({ kind: 'request', method: 'internal', peer: '-', outcome: 'failed', detail: messageOf(error) }))
    }
  client.on('session_proposal', guard(onProposal))
  client.on('session_request', guard(onRequest))
  client.on(
    'session_delete',
    guard(async ({ topic }) => {
      log.add({ kind: 'disconnect', method: 'session_delete', peer: '-', outcome: 'disconnected', detail: `Session ${topic.slice(0, 8)}… ended by the dapp` })
    })
  )

  const sessions = (): WalletSessionInfo[] =>
    client.session.getAll().map(session => ({
      topic: session.topic,
      peer: { name: session.peer.metadata.name, url: session.peer.metadata.url },
      chains: session.namespaces.eip155?.chains ?? sessionChainIds(session).map(chainId => `eip155:${chainId}`),
      accounts: session.namespaces.eip155?.accounts ?? [],
      expiry: session.expiry
    }))

  const disconnect = async (topic: string): Promise<void> => {
    assertOpen()
    const session = client.session.getAll().find(s => s.topic === topic)
    if (!session) throw new WalletInputError(`No session with topic ${String(topic)}`)
    await client.disconnect({ topic, reason: getSdkError('USER_DISCONNECTED') })
    log.add({ kind: 'disconnect', method: 'session_delete', peer: session.peer.metadata.name, outcome: 'disconnected', detail: 'Ended by the wallet' })
  }

  const assertOpen = (): void => {
    if (closed) throw new Error('The WalletConnect dev wallet is closed')
  }

  let closing: Promise<void> | undefined
  const wallet: WalletConnectDevWallet = {
    address: account.address,
    async pair(uri) {
      assertOpen()
      const { topic } = parseWalletConnectUri(uri)
      if (client.core.pairing.pairings.keys.includes(topic)) {
        throw new WalletInputError('This WalletConnect link was already used: ask the dapp for a new one.')
      }
      // Registered before pairing: the relay hands over the stored proposal as soon as the wallet
      // subscribes, which can be before pair() itself resolves.
      const outcome = new Promise<PairResult>(resolve => {
        const timer = setTimeout(() => settleWaiter(topic, { outcome: 'pending', detail: 'No session proposal arrived (yet)' }), proposalTimeoutMs)
        waiters.set(topic, { resolve, timer })
      })
      try {
        await client.pair({ uri: uri.trim() })
      } catch (error) {
        settleWaiter(topic, { outcome: 'failed' })
        throw error
      }
      return outcome
    },
    mode: () => mode,
    setMode(next) {
      mode = checkMode(next)
    },
    disconnect,
    async disconnectAll() {
      assertOpen()
      const topics = client.session.getAll().map(session => session.topic)
      // One at a time: each disconnect publishes on the relay and updates the SDK's stores.
      for (const topic of topics) await disconnect(topic)
      return topics.length
    },
    sessions,
    log: () => log.list(),
    state: () => ({ mode, address: account.address, sessions: closed ? [] : sessions(), log: log.list() }),
    close: () =>
      (closing ??= (async () => {
        closed = true
        for (const topic of [...waiters.keys()]) settleWaiter(topic, { outcome: 'pending', detail: 'The wallet was closed' })
        // The heartbeat's interval and the relay socket are what keep the event loop alive.
        client.core.heartbeat.stop()
        await client.core.relayer.transportClose().catch(() => undefined)
      })())
  }
  return wallet
}

function checkMode(mode: unknown): WalletMode {
  if (mode !== 'approve' && mode !== 'reject') throw new WalletInputError(`Mode must be "approve" or "reject", got ${JSON.stringify(mode)}`)
  return mode
}

function sessionChainIds(session: { namespaces: Record<string, { chains?: string[]; accounts: string[] }> } | undefined): number[] {
  const namespace = session?.namespaces.eip155
  if (!namespace) return []
  // `chains` is optional in a session namespace; the accounts always name their chain.
  const chains = namespace.chains ?? namespace.accounts.map(account => account.split(':').slice(0, 2).join(':'))
  return [...new Set(chains.map(eip155Id).filter((id): id is number => id !== undefined))]
}

function summarize(result: unknown): string {
  const text = JSON.stringify(result) ?? 'undefined'
  return text.length > 80 ? `${text.slice(0, 77)}...` : text
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message
  if (typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string') return (error as { message: string }).message
  return String(error)
}

function elapsed(started: number): number {
  return Math.round(performance.now() - started)
}
