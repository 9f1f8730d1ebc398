import { EmailSchema } from '@wallet-modal/wire'
import * as v from 'valibot'
import { subscribe } from 'valtio/vanilla'
import type { Core } from '../core/Core.js'
import type { AdapterConnection, ChainAdapter } from '../adapters/ChainAdapter.js'
import type { EmbeddedWallet } from '../adapters/embedded/createEmbeddedWallet.js'
import { ACTION_NOT_ALLOWED_DELAY_MS, EMAIL_COOLDOWN_MS, isAuthConnectorId } from '../adapters/embedded/constants.js'
import { WalletModalError } from '../errors/WalletModalError.js'
import type { Connector } from '../types/connector.js'
import type { CaipNetwork, WiredNamespace } from '../types/network.js'
import { STORAGE_KEYS, is } from '../utils/storage.js'
import { refreshBalance } from './accountState.js'
import { discoveredAdapter } from './adapters.js'
import { completeConnection } from './completeConnection.js'
import { smartAccountNamespace, storedAccountType, syncEmbeddedAccountType } from './accountType.js'
import type { AccountType } from '../types/account.js'
import { authName, embeddedState, secureSiteUrlOf } from './embeddedState.js'
import { WIRED_NAMESPACES } from '../types/network.js'
import { closeModal, openModal } from './openModal.js'
import { popTransactionStack, pushTransactionStack } from './transactionStack.js'
import { embeddedError, toEmbeddedError } from '../errors/embeddedErrors.js'
import { EMBEDDED_WALLET } from '../core/featureKeys.js'

/**
 * The embedded wallet of this core, made once: loads its chunk ('Unable to load email login
 * dependency' when that fails), opens the secure frame, registers the auth connectors, and keeps
 * the frame's theme and site data in step. A failed attempt is forgotten, so the next one retries.
 * @throws WalletModalError 'No auth connector found' when no secure site is configured
 */
export function ensureEmbedded(core: Core): Promise<EmbeddedWallet> {
  const made = core.runtime.slots.get(EMBEDDED_WALLET)
  if (made) return made
  const p = makeEmbedded(core)
  core.runtime.slots.set(EMBEDDED_WALLET, p)
  p.catch(() => {
    if (core.runtime.slots.get(EMBEDDED_WALLET) === p) core.runtime.slots.delete(EMBEDDED_WALLET)
  })
  return p
}

async function makeEmbedded(core: Core): Promise<EmbeddedWallet> {
  // The secure site's origin may come with the project's remote configuration (loaded once the
  // page is idle): a restore right after a reload waits for it.
  if (!secureSiteUrlOf(core) && core.hasServices) await core.servicesReady
  const secureSiteUrl = secureSiteUrlOf(core)
  if (!secureSiteUrl) throw embeddedError('AUTH_CONNECTOR_NOT_FOUND', { details: 'e-mail login is off, or no secure site is configured' })
  let mod: typeof import('../adapters/embedded/createEmbeddedWallet.js')
  try {
    mod = await import('../adapters/embedded/createEmbeddedWallet.js')
  } catch (err) {
    throw embeddedError('EMAIL_DEPENDENCY_FAILED', { cause: err })
  }
  const st = embeddedState(core)
  const { lifetime } = core.runtime
  const wallet = mod.createEmbeddedWallet({
    secureSiteUrl,
    projectId: core.options.state.projectId,
    lifetime,
    themeMode: core.theme.state.themeMode,
    networksOf: ns => core.options.networksOf(ns),
    onApproval: request => showApproval(core, request),
    onSettled: (id, ok, message) => settleApproval(core, id, ok, message),
    onEscape: () => {
      if (core.modal.state.open) closeModal(core)
    },
    onFailure: code => {
      core.alert.show(code)
      st.setStep('idle', new WalletModalError(code).shortMessage)
    },
    onRefused: () =>
      lifetime.setTimeout(
        () => core.snack.showError(embeddedError('ACTION_NOT_ALLOWED').shortMessage, undefined, 'error.ACTION_NOT_ALLOWED'),
        ACTION_NOT_ALLOWED_DELAY_MS
      ),
    onSignOut: () => st.setUser(undefined)
  })
  for (const connector of Object.values(wallet.connectors)) core.runtime.addConnector(connector)
  // The frame follows the modal's theme, and knows the site it serves.
  const syncTheme = () => wallet.frame.request('SYNC_THEME', { themeMode: core.theme.state.themeMode }).catch(() => undefined)
  void wallet.frame.ready
    .then(() =>
      Promise.all([
        syncTheme(),
        wallet.frame.request('SYNC_DAPP_DATA', {
          projectId: core.options.state.projectId,
          name: core.options.state.metadata.name?.slice(0, 200),
          url: location.origin
        })
      ])
    )
    .catch(() => undefined)
  const stopTheme = subscribe(core.theme.state, () => void syncTheme())
  // Closing the modal while a signature waits aborts it (the site's call rejects); a login in
  // progress is abandoned (its code stays valid in the mailbox for the next try).
  const stopModal = subscribe(core.modal.state, () => {
    if (core.modal.state.open) return
    if (st.state.approval) void wallet.frame.request('ABORT_RPC', {}).catch(() => undefined)
    if (st.state.step === 'sending' || st.state.step === 'device' || st.state.step === 'otp') abandonLogin(core)
  })
  // On another network the account may be of the other type (a network without smart accounts
  // has the key's own): read it again when the smart-account namespace's network changes.
  const smartNs = smartAccountNamespace()
  let network = smartNs && core.chain.state.namespaces[smartNs].network.caipNetwork?.caipNetworkId
  const stopNetwork = smartNs
    ? subscribe(core.chain.state.namespaces[smartNs].network, () => {
        const now = core.chain.state.namespaces[smartNs].network.caipNetwork?.caipNetworkId
        if (now === network) return
        network = now
        void syncEmbeddedAccountType(core, wallet).catch(() => undefined)
      })
    : () => {}
  // Spec §3: the embedded wallet's connections carry the login's name (the e-mail, or the social
  // username), whichever way they were made (login, restore, a change of e-mail).
  const nameConnections = () => nameAuthConnections(core)
  const stopUserName = subscribe(st.state, nameConnections)
  const stopConnections = subscribe(core.connection.state.connections, nameConnections)
  lifetime.signal.addEventListener('abort', () => (stopTheme(), stopModal(), stopNetwork(), stopUserName(), stopConnections()), { once: true })
  return wallet
}

/** Puts the logged-in user's auth name on every embedded-wallet connection (no write when it is already there). */
function nameAuthConnections(core: Core): void {
  const { state } = embeddedState(core)
  const name = authName({ email: state.authEmail, userName: state.userName, provider: state.provider })
  for (const ns of WIRED_NAMESPACES) {
    for (const c of core.connection.state.connections[ns]) {
      if (isAuthConnectorId(c.connectorId) && c.authName !== name) core.connection.setConnection(ns, { ...c, authName: name })
    }
  }
}

/** A signing request waits in the secure approval frame: ApproveTransaction shows it. */
function showApproval(core: Core, request: { id: string; method: string }): void {
  embeddedState(core).setApproval(request)
  // On the transaction stack (spec §2): over the send or swap that asked for it, if any.
  if (!core.modal.state.open) openModal(core, { view: 'ApproveTransaction' })
  pushTransactionStack(core, { view: 'ApproveTransaction' })
}

/** The account type the frame should start with: the person's choice on the smart-account namespace, else spec §9's default. */
function preferredAccount(core: Core): { preferredAccountType?: AccountType } {
  const ns = smartAccountNamespace()
  return ns ? { preferredAccountType: storedAccountType(core, ns) } : {}
}

/**
 * The request settled: on success the balance refreshes (and a smart account's first transaction
 * deployed it); either way the stack pops or the modal closes.
 */
function settleApproval(core: Core, id: string, ok: boolean, message?: string): void {
  const st = embeddedState(core)
  if (st.state.approval?.id !== id) return
  st.setApproval(undefined)
  if (ok) {
    void refreshBalance(core, core.chain.state.activeNamespace, { force: true })
    void core.runtime.slots
      .get(EMBEDDED_WALLET)
      ?.then(wallet => syncEmbeddedAccountType(core, wallet))
      .catch(() => undefined)
  } else if (message === 'Signature declined')
    core.snack.showError(new WalletModalError('SIGNATURE_DECLINED').shortMessage, undefined, 'error.SIGNATURE_DECLINED')
  // Its view goes (back to what asked, or the modal closes when it opened for it).
  popTransactionStack(core, ok ? 'success' : 'cancel')
}

/** The network the embedded wallet should be on for a namespace: the stored active one, else the site's current, else its first. */
function targetNetwork(core: Core, ns: WiredNamespace): CaipNetwork | undefined {
  const stored = core.storage.get(STORAGE_KEYS.activeNetwork, is.string)
  const networks = core.options.networksOf(ns)
  return networks.find(n => n.caipNetworkId === stored) ?? core.chain.state.namespaces[ns].network.caipNetwork ?? networks[0]
}

/**
 * Connects every namespace the embedded wallet serves and the site lists, through their own
 * adapters; the site's default network's namespace is connected last, so it is the active one.
 */
async function connectAll(core: Core, wallet: EmbeddedWallet): Promise<string> {
  const preferred = core.options.state.defaultNetwork.chainNamespace
  const order = (Object.keys(wallet.connectors) as WiredNamespace[]).sort((a, b) => Number(a === preferred) - Number(b === preferred))
  let address = ''
  for (const [i, ns] of order.entries()) {
    const connector = wallet.connectors[ns]!
    const network = targetNetwork(core, ns)
    if (network) await wallet.prepareNetwork(network)
    const adapter = await discoveredAdapter(core, ns)
    const c = await adapter.connect(connector, core.options.networksOf(ns))
    // The modal closes once the last namespace is in: before, the button would show the first
    // namespace's account and a click opened Account while the login was still connecting.
    completeConnection(core, adapter, connector, c, { close: i === order.length - 1 })
    address = c.address
  }
  return address
}

/** After a correct code, a social login (or a live session): the user's accounts become the modal's connections. */
export async function finishLogin(core: Core, wallet: EmbeddedWallet): Promise<string> {
  const st = embeddedState(core)
  st.setStep('connecting')
  try {
    const user = await wallet.frame.request('GET_USER', preferredAccount(core))
    st.setUser({ email: user.email, userName: user.userName, provider: user.provider })
    const address = await connectAll(core, wallet)
    await syncEmbeddedAccountType(core, wallet)
    st.setStep('idle')
    st.setEmail(undefined)
    return address
  } catch (err) {
    // Spec §8: initialising the login failed: disconnect what was connected and go back to Connect.
    await import('./disconnect.js').then(m => m.disconnect(core)).catch(() => undefined)
    const e = embeddedError('AUTH_INIT_FAILED', { cause: err, details: err instanceof Error ? err.message : undefined })
    st.setStep('idle', e.shortMessage)
    core.router.reset('Connect')
    throw e
  }
}

/**
 * E-mail login (spec §2 EmailLogin): checks the address and the 30 s between codes ('Please try
 * again after N seconds'), shows EmailLogin, asks the secure frame to start: a known session
 * connects at once (CONNECT); a new device waits for its e-mailed approval link (VERIFY_DEVICE);
 * then the person types the code in the secure frame (VERIFY_OTP) and the accounts connect.
 * Failures show on EmailLogin, in words.
 * @returns the connected address, or undefined when the login did not complete
 */
export async function startEmailLogin(core: Core, email: string): Promise<string | undefined> {
  const st = embeddedState(core)
  const parsed = v.safeParse(EmailSchema, email)
  if (!parsed.success) {
    st.setStep('idle', embeddedError('INVALID_EMAIL').shortMessage)
    return undefined
  }
  const wait = (st.state.lastEmailAt ?? -Infinity) + EMAIL_COOLDOWN_MS - Date.now()
  const sameAddress = st.state.email?.toLowerCase() === parsed.output.toLowerCase()
  if (wait > 0 && sameAddress && st.state.step === 'idle') {
    // The code just sent to this address is still valid: back to typing it, no new code.
    return resumeCodeEntry(core)
  }
  if (wait > 0) {
    // Spec §5: N is the rounded-up remaining seconds.
    const e = embeddedError('EMAIL_COOLDOWN', { shortMessage: `Please try again after ${Math.ceil(wait / 1000)} seconds` })
    st.setStep(st.state.step === 'otp' || st.state.step === 'device' ? st.state.step : 'idle', e.shortMessage)
    return undefined
  }
  const attempt = st.nextAttempt()
  const live = () => st.state.attempt === attempt
  st.setEmail(parsed.output)
  st.setStep('sending')
  if (core.router.state.view !== 'EmailLogin') core.router.push('EmailLogin')
  let wallet: EmbeddedWallet
  try {
    wallet = await ensureEmbedded(core)
    const { action } = await wallet.frame.request('CONNECT_EMAIL', { email: parsed.output })
    if (action !== 'CONNECT') st.markSent(Date.now())
    if (!live()) return undefined
    if (action === 'VERIFY_DEVICE') {
      st.setStep('device')
      await wallet.frame.request('CONNECT_DEVICE', {})
      if (!live()) return undefined
    }
    if (action !== 'CONNECT') {
      st.setStep('otp')
      await wallet.frame.request('CONNECT_OTP', {})
      if (!live()) return undefined
    }
  } catch (err) {
    // Abandoned meanwhile (modal closed, Try again): nothing to report.
    if (!live()) return undefined
    const e = toEmbeddedError(err, 'FRAME_ERROR')
    // The frame's own words (e.g. the server's 'Please try again after N seconds') are the message.
    st.setStep('idle', e.code === 'FRAME_ERROR' && e.details ? e.details : e.shortMessage)
    core.events.emit({ type: 'CONNECT_ERROR', data: { connectorId: 'ID_AUTH', code: e.code, message: e.shortMessage } })
    return undefined
  }
  return finishLogin(core, wallet).catch(() => undefined)
}

/** Back to the code entry of the login abandoned a moment ago (modal closed), without a new code. */
async function resumeCodeEntry(core: Core): Promise<string | undefined> {
  const st = embeddedState(core)
  const attempt = st.nextAttempt()
  st.setStep('otp')
  if (core.router.state.view !== 'EmailLogin') core.router.push('EmailLogin')
  try {
    const wallet = await ensureEmbedded(core)
    await wallet.frame.request('CONNECT_OTP', {})
    if (st.state.attempt !== attempt) return undefined
    return await finishLogin(core, wallet).catch(() => undefined)
  } catch (err) {
    if (st.state.attempt !== attempt) return undefined
    st.setStep('idle', toEmbeddedError(err, 'FRAME_ERROR').shortMessage)
    return undefined
  }
}

/** Ends the login in progress without an error: its pending frame requests are aborted and their answers dropped. */
function abandonLogin(core: Core): void {
  const st = embeddedState(core)
  st.nextAttempt()
  st.setStep('idle')
  core.runtime.slots
    .get(EMBEDDED_WALLET)
    ?.then(w => w.frame.abortAll())
    .catch(() => undefined)
}

/** Leaves EmailLogin: back to Connect, the login forgotten (its code stays valid in the mailbox). */
export function cancelEmailLogin(core: Core): void {
  abandonLogin(core)
  if (!core.router.goBackTo('Connect')) core.router.reset('Connect')
}

/** What restoring the embedded wallet after a reload found, as reconnect expects it. */
export interface RestoredEmbedded {
  adapter: ChainAdapter
  connector: Connector
  connection: AdapterConnection
}

/**
 * Restores the embedded wallet's connection on a namespace after a reload, without a prompt:
 * loads the frame, asks whether its session lives (`IS_CONNECTED`); undefined when it does not.
 */
export async function restoreEmbedded(core: Core, ns: WiredNamespace): Promise<RestoredEmbedded | undefined> {
  const wallet = await ensureEmbedded(core)
  const connector = wallet.connectors[ns]
  if (!connector) return undefined
  const { isConnected } = await wallet.frame.request('IS_CONNECTED', {})
  if (!isConnected) return undefined
  const user = await wallet.frame.request('GET_USER', preferredAccount(core))
  embeddedState(core).setUser({ email: user.email, userName: user.userName, provider: user.provider })
  const network = targetNetwork(core, ns)
  if (network) await wallet.prepareNetwork(network)
  const adapter = await discoveredAdapter(core, ns)
  const connection = await adapter.reconnect(connector, core.options.networksOf(ns))
  return connection ? { adapter, connector, connection } : undefined
}

/**
 * UpdateEmailWallet (spec §2): moves the wallet to another address: a code to the current
 * address (VERIFY_PRIMARY_OTP), then one to the new address (VERIFY_SECONDARY_OTP), both typed in
 * the secure frame. 'Not connected to email or social' without an embedded session.
 */
export async function startUpdateEmail(core: Core, newEmail: string): Promise<void> {
  const st = embeddedState(core)
  const parsed = v.safeParse(EmailSchema, newEmail)
  if (!parsed.success) return st.setUpdate({ step: 'email', error: embeddedError('INVALID_EMAIL').shortMessage })
  const wallet = core.runtime.slots.get(EMBEDDED_WALLET) ? await core.runtime.slots.get(EMBEDDED_WALLET)?.catch(() => undefined) : undefined
  if (!wallet || !st.state.authEmail || st.state.provider) return st.setUpdate({ step: 'email', error: embeddedError('NOT_CONNECTED_EMAIL').shortMessage })
  st.setUpdate({ step: 'sending', newEmail: parsed.output })
  try {
    await wallet.frame.request('UPDATE_EMAIL', { email: parsed.output })
    st.setUpdate({ step: 'primary', newEmail: parsed.output })
    await wallet.frame.request('UPDATE_EMAIL_PRIMARY_OTP', {})
    st.setUpdate({ step: 'secondary', newEmail: parsed.output })
    const { email } = await wallet.frame.request('UPDATE_EMAIL_SECONDARY_OTP', {})
    st.setUser({ email, userName: st.state.userName })
    st.setUpdate({ step: 'done', newEmail: email })
    core.snack.showSuccess('E-mail updated', 'snack.emailUpdated')
  } catch (err) {
    const e = toEmbeddedError(err, 'FRAME_ERROR')
    st.setUpdate({ step: 'email', newEmail: parsed.output, error: e.code === 'FRAME_ERROR' && e.details ? e.details : e.shortMessage })
  }
}
