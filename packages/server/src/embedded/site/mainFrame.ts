import { classifyEmbeddedMethod, FRAME_REQUESTS, FrameRequestSchema, type FrameRequestType } from '@wallet-modal/wire'
import * as v from 'valibot'
import { api, channel, deviceId, randomToken, sessionToken, setSessionToken, type ChannelMessage } from './secureApi.js'
import { ATOMICITY_NOT_SUPPORTED, EOA_NOT_ATOMIC, mustBeAtomic, walletCapabilities } from './walletCapabilities.js'

/** What GET /api/user answers. */
interface SecureUser {
  /** The login e-mail, or the e-mail a social provider reported. */
  email?: string
  /** The social provider and username of a social login. */
  provider?: string
  userName?: string
  addresses: { eip155: string; solana: string }
  /** The eip155 chains where the person also has a smart account. */
  smartAccountNetworks: number[]
  /** The eip155 chains the secure site serves (wallet_getAssets answers there). */
  evmNetworks?: number[]
}

/** An account type of the embedded wallet (spec §3). */
type AccountType = 'eoa' | 'smartAccount'

/** A smart account on one chain: where it is, and whether it exists yet. */
interface SmartAccountState {
  address: string
  deployed: boolean
}

/** Error with an EIP-1193 code, answered to the modal as `{ message, code }`. */
class FrameError extends Error {
  constructor(
    message: string,
    readonly code?: number
  ) {
    super(message)
  }
}

/** Longest wait of a request for something the person does elsewhere (a link, a code, an approval). */
const PERSON_WAIT_MS = 120_000

/**
 * The protocol frame: the hidden iframe the modal talks to. It answers only its parent, on the
 * exact origin the secure site checked against the project (`data-origin`), and only messages
 * from `window.parent` on that origin that pass the protocol's schemas. It never takes a code or
 * an approval from the page: those come from the secure site's own frames over a same-origin
 * BroadcastChannel.
 */
export function runMainFrame(parentOrigin: string, projectId: string): void {
  const bus = channel()
  let chainId: string | number = 1
  let user: SecureUser | undefined
  let pendingEmail = ''
  // The secret binding a social login to this frame: the result URI the popup hands the page is
  // useless without it, and it never leaves this origin.
  let socialBinding = ''
  let farcasterLogin: { login: string; binding: string } | undefined
  let theme = document.documentElement.className
  // Spec §9: an EVM account is a smart account by default, where the network has them.
  let accountType: AccountType = 'smartAccount'
  const approvals = new Map<
    string,
    { method: string; params: unknown; chainId: string | number; accountType: AccountType; resolve(v: unknown): void; reject(e: Error): void }
  >()
  const waiters = new Set<(m: ChannelMessage) => void>()

  const post = (message: Record<string, unknown>) => window.parent.postMessage({ wm: 'frame', ...message }, parentOrigin)

  bus.onmessage = (event: MessageEvent<ChannelMessage>) => {
    const m = event.data
    if (!m || typeof m !== 'object') return
    if (m.type === 'approval-hello') {
      const a = approvals.get(m.id)
      if (a)
        bus.postMessage({
          type: 'approval-request',
          id: m.id,
          method: a.method,
          params: a.params,
          chainId: a.chainId,
          accountType: a.accountType
        } satisfies ChannelMessage)
      return
    }
    if (m.type === 'escape') return post({ kind: 'escape' })
    if (m.type === 'signed-out') {
      // Another project's session is not this frame's.
      if (m.project !== projectId) return
      // Signed out in another tab, or the session ended: the page's connection ends too.
      user = undefined
      // A request waiting for approval can no longer be signed: it fails now, not at Approve.
      for (const [id, a] of approvals) {
        a.reject(new FrameError('Not connected to email or social', 4100))
        bus.postMessage({ type: 'approval-aborted', id } satisfies ChannelMessage)
      }
      approvals.clear()
      return post({ kind: 'signedOut' })
    }
    if (m.type === 'approval-result' || m.type === 'approval-declined') {
      const a = approvals.get(m.id)
      if (!a) return
      approvals.delete(m.id)
      if (m.type === 'approval-result') a.resolve(m.result)
      else a.reject(new FrameError('Signature declined', 4001))
      return
    }
    for (const w of [...waiters]) w(m)
  }

  /** Waits for a message of the secure pages, up to {@link PERSON_WAIT_MS}. */
  function waitFor<T extends ChannelMessage['type']>(type: T, what: string): Promise<Extract<ChannelMessage, { type: T }>> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => (waiters.delete(w), reject(new FrameError(`Timed out waiting for ${what}`))), PERSON_WAIT_MS)
      const w = (m: ChannelMessage) => {
        if (m.type !== type) return
        clearTimeout(timer)
        waiters.delete(w)
        resolve(m as Extract<ChannelMessage, { type: T }>)
      }
      waiters.add(w)
    })
  }

  async function loadUser(): Promise<SecureUser | undefined> {
    if (!sessionToken()) return (user = undefined)
    try {
      user = await api<SecureUser>('/api/user')
    } catch (error) {
      if ((error as { status?: number }).status === 401) user = undefined
      else throw error
    }
    return user
  }

  const evmChainOf = (id: string | number) =>
    typeof id === 'number' ? id : /^eip155:\d+$/.test(id) ? Number(id.slice(7)) : /^\d+$/.test(id) ? Number(id) : undefined
  const evmChain = () => evmChainOf(chainId)

  // Smart accounts by owner and chain: an address never changes, and a deployed account stays
  // deployed, so only "not deployed yet" is asked again, and only where it is shown.
  const smartAccounts = new Map<string, SmartAccountState>()

  /** The person's smart account on an EVM chain, when the chain has them; `fresh` asks again whether an undeployed one is deployed now. */
  async function smartAccountOn(u: SecureUser, evm: number | undefined, fresh = false): Promise<SmartAccountState | undefined> {
    if (evm === undefined || !u.smartAccountNetworks.includes(evm)) return undefined
    const key = `${u.addresses.eip155}:${evm}`
    const known = smartAccounts.get(key)
    if (known && (known.deployed || !fresh)) return known
    const state = await api<SmartAccountState>('/api/smart-account', { chainId: evm })
    smartAccounts.set(key, state)
    return state
  }

  /** The EVM account that acts on `id`: the smart account when preferred and there, else the key's own. */
  async function activeEvmAccount(
    u: SecureUser,
    id: string | number = chainId,
    fresh = false
  ): Promise<{ address: string; type: AccountType; smart?: SmartAccountState }> {
    const smart = await smartAccountOn(u, evmChainOf(id), fresh)
    return accountType === 'smartAccount' && smart
      ? { address: smart.address, type: 'smartAccount', smart }
      : { address: u.addresses.eip155, type: 'eoa', smart }
  }

  async function describeUser(u: SecureUser, wanted?: string | number) {
    if (wanted !== undefined) chainId = wanted
    const solana = typeof chainId === 'string' && chainId.startsWith('solana:')
    const evm = solana ? undefined : await activeEvmAccount(u, chainId, true)
    return {
      email: u.email,
      ...(u.userName ? { userName: u.userName } : {}),
      ...(u.provider ? { provider: u.provider } : {}),
      address: evm ? evm.address : u.addresses.solana,
      chainId,
      accounts: [
        ...(evm?.type === 'smartAccount' ? [{ address: evm.address, type: 'smartAccount' as const, namespace: 'eip155' as const }] : []),
        { address: u.addresses.eip155, type: 'eoa' as const, namespace: 'eip155' as const },
        ...(evm?.smart && evm.type === 'eoa' ? [{ address: evm.smart.address, type: 'smartAccount' as const, namespace: 'eip155' as const }] : []),
        { address: u.addresses.solana, type: 'eoa' as const, namespace: 'solana' as const }
      ],
      preferredAccountType: evm?.type ?? 'eoa',
      smartAccountDeployed: evm?.smart?.deployed ?? false
    }
  }

  async function requireUser(): Promise<SecureUser> {
    const u = user ?? (await loadUser())
    if (!u) throw new FrameError('Not connected to email or social', 4100)
    return u
  }

  async function rpc(payload: { method: string; params?: unknown; chainId?: string | number }, id: string): Promise<unknown> {
    const u = await requireUser()
    const target = payload.chainId ?? chainId
    switch (classifyEmbeddedMethod(payload.method)) {
      case 'account':
        switch (payload.method) {
          case 'eth_accounts':
          case 'eth_requestAccounts':
            return [(await activeEvmAccount(u, target)).address]
          case 'solana_requestAccounts':
          case 'solana_getAccounts':
            return [{ address: u.addresses.solana }]
          case 'eth_chainId':
            return `0x${(evmChain() ?? 1).toString(16)}`
          case 'net_version':
            return String(evmChain() ?? 1)
          case 'wallet_getCapabilities':
            // EIP-5792 atomic batches, EIP-7811 asset discovery.
            return walletCapabilities(u, accountType, (payload.params as [unknown, unknown] | undefined)?.[1])
          case 'wallet_switchEthereumChain': {
            const hex = (payload.params as [{ chainId?: string }] | undefined)?.[0]?.chainId
            if (typeof hex !== 'string' || !/^0x[0-9a-fA-F]{1,16}$/.test(hex)) throw new FrameError('Invalid chainId', -32602)
            chainId = Number.parseInt(hex, 16)
            return null
          }
          default:
            return {}
        }
      case 'safe':
        return (await api<{ result: unknown }>('/api/rpc', { chainId: target, method: payload.method, params: payload.params ?? [] })).result
      case 'approve': {
        // The session may have ended elsewhere ("log out everywhere" on another device): asked
        // again, so a dead session fails here (and signs the page out) instead of showing Approve.
        if (!(await loadUser())) throw new FrameError('Not connected to email or social', 4100)
        // Which account signs is fixed when the request arrives (a switch meanwhile does not change it).
        const type = payload.method.startsWith('solana_') ? 'eoa' : (await activeEvmAccount(u, target)).type
        // EIP-5792: the key's own account makes one transaction per call, so a batch that must be
        // atomic is refused here (5760), before Approve: it is never shown and then refused.
        if (payload.method === 'wallet_sendCalls' && type === 'eoa' && mustBeAtomic(payload.params)) {
          throw new FrameError(EOA_NOT_ATOMIC, ATOMICITY_NOT_SUPPORTED)
        }
        return new Promise((resolve, reject) => {
          approvals.set(id, { method: payload.method, params: payload.params, chainId: target, accountType: type, resolve, reject })
          post({ kind: 'approval', id, method: payload.method })
        })
      }
      default:
        throw new FrameError('Requested RPC call is not allowed', 4200)
    }
  }

  const handlers: { [T in FrameRequestType]: (payload: v.InferOutput<(typeof FRAME_REQUESTS)[T]>, id: string) => Promise<unknown> } = {
    async SWITCH_NETWORK(p) {
      chainId = p.chainId
      return { chainId }
    },
    async CONNECT_EMAIL(p) {
      pendingEmail = p.email.toLowerCase()
      const u = await loadUser()
      if (u && !u.provider && u.email === pendingEmail) return { action: 'CONNECT' }
      return api('/api/email/start', { email: pendingEmail, deviceId: deviceId(), projectId })
    },
    async CONNECT_DEVICE() {
      const until = Date.now() + PERSON_WAIT_MS
      while (Date.now() < until) {
        const { approved } = await api<{ approved: boolean }>('/api/device/status', { email: pendingEmail, deviceId: deviceId() })
        if (approved) {
          await api('/api/email/start', { email: pendingEmail, deviceId: deviceId(), projectId })
          return {}
        }
        await new Promise(r => setTimeout(r, 1000))
      }
      throw new FrameError('The device was not approved in time')
    },
    async CONNECT_OTP() {
      const u = await loadUser()
      if (!u || u.provider || u.email !== pendingEmail) await waitFor('login', 'the code')
      user = undefined
      return describeUser(await requireUser())
    },
    async GET_SOCIAL_REDIRECT_URI(p) {
      socialBinding = randomToken()
      return api<{ uri: string }>('/api/social/start', { provider: p.provider, projectId, origin: parentOrigin, binding: socialBinding })
    },
    async CONNECT_SOCIAL(p) {
      if (!socialBinding) throw new FrameError('No social login was started here')
      const binding = socialBinding
      socialBinding = ''
      const { token, user: u } = await api<{ token: string; user: SecureUser }>('/api/social/complete', { resultUri: p.uri, binding })
      setSessionToken(token)
      user = u
      return describeUser(u)
    },
    async GET_FARCASTER_URI() {
      const binding = randomToken()
      const { uri, login } = await api<{ uri: string; login: string }>('/api/farcaster/start', { projectId, origin: parentOrigin, binding })
      farcasterLogin = { login, binding }
      return { url: uri }
    },
    async CONNECT_FARCASTER() {
      const pending = farcasterLogin
      if (!pending) throw new FrameError('No Farcaster login was started here')
      // Answers before the modal's own 120 s limit, so the person reads why.
      const until = Date.now() + PERSON_WAIT_MS - 10_000
      while (Date.now() < until) {
        if (farcasterLogin !== pending) throw new FrameError('Request was aborted')
        const s = await api<{ state: string; token?: string; user?: SecureUser }>('/api/farcaster/status', pending)
        if (s.state === 'completed' && s.token && s.user) {
          farcasterLogin = undefined
          setSessionToken(s.token)
          user = s.user
          return describeUser(s.user)
        }
        await new Promise(r => setTimeout(r, 1000))
      }
      farcasterLogin = undefined
      throw new FrameError('The Farcaster app did not answer in time')
    },
    async GET_USER(p) {
      if (p.preferredAccountType) accountType = p.preferredAccountType
      return describeUser(await requireUser(), p.chainId)
    },
    async SIGN_OUT(p) {
      const token = sessionToken()
      if (p.everywhere) {
        // Log out everywhere: every session of the account ends on the server first. If that
        // fails the person is told and stays signed in here, free to try again: a sign-out of
        // this browser alone would let them believe the other devices are out.
        if (!token) throw new FrameError('Not connected to email or social', 4100)
        await api('/api/signout/all', {}, token)
      }
      // Forgotten here first, so a second sign-out (each namespace disconnects) has nothing to end.
      setSessionToken(null)
      user = undefined
      if (token) {
        if (!p.everywhere) await api('/api/signout', {}, token).catch(() => undefined)
        // The other tabs' frames (not this one: a channel does not hear itself) tell their pages.
        bus.postMessage({ type: 'signed-out', project: projectId } satisfies ChannelMessage)
      }
      return {}
    },
    async IS_CONNECTED() {
      return { isConnected: !!(await loadUser()) }
    },
    async GET_CHAIN_ID() {
      return { chainId }
    },
    async GET_SMART_ACCOUNT_ENABLED_NETWORKS() {
      return { smartAccountEnabledNetworks: (await requireUser()).smartAccountNetworks }
    },
    async INIT_SMART_ACCOUNT() {
      const smart = await smartAccountOn(await requireUser(), evmChain(), true)
      if (!smart) throw new FrameError('Smart accounts are not enabled on this network')
      return { address: smart.address, isDeployed: smart.deployed }
    },
    async SET_PREFERRED_ACCOUNT(p) {
      const u = await requireUser()
      if (p.type === 'smartAccount' && !(await smartAccountOn(u, evmChain()))) throw new FrameError('Smart accounts are not enabled on this network')
      accountType = p.type
      const active = await activeEvmAccount(u)
      return { type: active.type, address: active.address }
    },
    RPC_REQUEST: (p, id) => rpc(p, id).then(result => ({ result })),
    async UPDATE_EMAIL(p) {
      await requireUser()
      return api('/api/email/update', { email: p.email })
    },
    async UPDATE_EMAIL_PRIMARY_OTP() {
      await waitFor('update-primary', 'the code')
      return { action: 'VERIFY_SECONDARY_OTP' }
    },
    async UPDATE_EMAIL_SECONDARY_OTP() {
      const m = await waitFor('update-secondary', 'the code')
      await loadUser()
      return { email: m.email }
    },
    async SYNC_THEME(p) {
      theme = p.themeMode
      document.documentElement.className = theme
      return {}
    },
    async SYNC_DAPP_DATA() {
      return {}
    },
    async RELOAD() {
      setTimeout(() => location.reload(), 0)
      return {}
    },
    async ABORT_RPC() {
      // Also ends a Farcaster login's wait (the modal was closed).
      farcasterLogin = undefined
      for (const [id, a] of approvals) {
        a.reject(new FrameError('Request was aborted'))
        bus.postMessage({ type: 'approval-aborted', id } satisfies ChannelMessage)
      }
      approvals.clear()
      return {}
    }
  }

  window.addEventListener('message', event => {
    // Only the page that embeds this frame, on the origin the server checked.
    if (event.origin !== parentOrigin || event.source !== window.parent) return
    const envelope = v.safeParse(FrameRequestSchema, event.data)
    if (!envelope.success) return
    const { id, type } = envelope.output
    const payload = v.safeParse(FRAME_REQUESTS[type], envelope.output.payload ?? {})
    if (!payload.success) {
      post({ kind: 'error', id, type, message: payload.issues[0]?.message ?? 'Invalid request' })
      return
    }
    ;(handlers[type] as (p: unknown, id: string) => Promise<unknown>)(payload.output, id).then(
      result => post({ kind: 'success', id, type, payload: result ?? {} }),
      (error: unknown) => {
        const e = error as { message?: unknown; code?: unknown }
        post({
          kind: 'error',
          id,
          type,
          message: typeof e?.message === 'string' ? e.message.slice(0, 500) : 'An error occurred',
          ...(typeof e?.code === 'number' ? { code: e.code } : {})
        })
      }
    )
  })
  post({ kind: 'ready' })
}
