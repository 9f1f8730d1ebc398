import type { Core } from '../core/Core.js'
import type { SIWXConfig } from '../siwx/SIWXConfig.js'
import { siweConfigToSIWX } from '../siwx/siweConfigToSIWX.js'
import { WalletModalError, isWalletModalError, toWalletModalError } from '../errors/WalletModalError.js'
import { walletFeatures } from './walletFeatures.js'
import { signMessage } from './walletActions.js'
import { closeModal, openModal } from './openModal.js'

/** The site's sign-in: `siwx`, or `siweConfig` served through the same interface; undefined when off. */
export function siwxOf(core: Core): SIWXConfig | undefined {
  const o = core.options.state
  if (o.siwx) return o.siwx
  if (!o.siweConfig) return undefined
  const f = walletFeatures(core)
  return (f.siweAdapter ??= siweConfigToSIWX(o.siweConfig))
}

/** The active account and network, when connected. */
function activeAccount(core: Core): { address: string; chainId: `${string}:${string}` } | undefined {
  const { account, network } = core.chain.state.namespaces[core.chain.state.activeNamespace]
  const chainId = network.caipNetwork?.caipNetworkId
  if (account.status !== 'connected' || !account.address || !chainId) return undefined
  return { address: account.address, chainId }
}

/**
 * Spec §4 sign-in flow, first step: after a connection, an account change or a network switch,
 * when sign-in is on and the account has no session on the network, SIWXSignMessage opens.
 * Resolves true when the account is signed in (or sign-in is off).
 */
export async function checkSignIn(core: Core): Promise<boolean> {
  const siwx = siwxOf(core)
  const active = activeAccount(core)
  if (!siwx) return true
  if (!active) return false
  const { siwx: state } = walletFeatures(core)
  // A signature in progress owns the status (its button stays disabled).
  const mark = (status: 'checking' | 'idle') => state.state.status !== 'signing' && state.setStatus(status)
  mark('checking')
  let signedIn = false
  try {
    signedIn = (await siwx.getSessions(active.chainId, active.address)).length > 0
  } catch (err) {
    // Unknown is treated as not signed in: signing will reach the service again and say why.
    console.warn('[wallet-modal] reading sign-in sessions failed', err)
  } finally {
    mark('idle')
  }
  const now = activeAccount(core)
  if (now?.address !== active.address || now.chainId !== active.chainId) return false
  if (signedIn) {
    state.setLastSigned(active.chainId, active.address)
    if (core.router.state.view === 'SIWXSignMessage' && core.modal.state.open) closeModal(core)
    return true
  }
  state.setError(undefined)
  openModal(core, { view: 'SIWXSignMessage' })
  return false
}

/** Whether an error is the wallet declining to sign. */
function isDeclined(err: unknown): boolean {
  // Adapters translate every wallet's "no" into USER_REJECTED.
  return isWalletModalError(err, 'USER_REJECTED') || isWalletModalError(err, 'SIGNATURE_DECLINED')
}

/** Spec §8: what a failed sign-in of a smart account says (the site may verify with ecrecover only). */
export const SMART_ACCOUNT_UNSUPPORTED = 'This application might not support Smart Accounts'

/**
 * Signs in the active account (spec §4): makes the message, asks the wallet to sign it, hands the
 * session to the site's SIWX (which may verify it remotely) and closes the modal. A declined
 * signature says 'Signature declined' and the view stays for another try; a refused session shows
 * the refusal.
 * @throws WalletModalError 'SIWX is not enabled' without `siwx` / `siweConfig`
 */
export async function signIn(core: Core): Promise<void> {
  const siwx = siwxOf(core)
  if (!siwx) throw new WalletModalError('SIWX_NOT_ENABLED')
  const active = activeAccount(core)
  if (!active) throw new WalletModalError('CONNECTOR_NOT_FOUND', { details: core.chain.state.activeNamespace })
  const { siwx: state } = walletFeatures(core)
  state.setStatus('signing')
  state.setError(undefined)
  try {
    const message = await siwx.createMessage({ accountAddress: active.address, chainId: active.chainId })
    const text = message.toString()
    const signature = await signMessage(core, text)
    const { toString: _text, ...data } = message
    await siwx.addSession({ data, message: text, signature })
    state.setLastSigned(active.chainId, active.address)
    core.events.emit({ type: 'SIWX_AUTH_SUCCESS', data: { address: active.address, caipNetworkId: active.chainId } })
    // The account may have changed while the wallet asked; its own sign-in view stays then.
    const now = activeAccount(core)
    if (now?.address === active.address && now.chainId === active.chainId) closeModal(core)
  } catch (err) {
    const e = isDeclined(err) ? new WalletModalError('SIGNATURE_DECLINED', { cause: err }) : toWalletModalError(err, 'SIWX_FAILED')
    // Spec §8: a smart account signed, and the site could not verify it (it checks signatures with
    // plain ecrecover, not ERC-1271 / ERC-6492): say so rather than a bare failure.
    const smart = e.code !== 'SIGNATURE_DECLINED' && core.chain.state.namespaces[core.chain.state.activeNamespace].account.accountType === 'smartAccount'
    state.setError(smart ? SMART_ACCOUNT_UNSUPPORTED : e.shortMessage)
    if (smart) core.snack.showError(SMART_ACCOUNT_UNSUPPORTED, undefined, 'snack.smartAccountUnsupported')
    else core.snack.showError(e, 'SIWX_FAILED')
    core.events.emit({ type: 'SIWX_AUTH_ERROR', data: { code: e.code, message: e.shortMessage } })
    // Spec §4: a decline shows the error and the view again.
    if (!core.modal.state.open || core.router.state.view !== 'SIWXSignMessage') openModal(core, { view: 'SIWXSignMessage' })
    throw e
  } finally {
    state.setStatus('idle')
  }
}

/**
 * Cancel on SIWXSignMessage (spec §4): when sign-in is required, go back to the last network that
 * has a session, else disconnect; when it is optional, just close.
 */
export async function cancelSignIn(core: Core): Promise<void> {
  const siwx = siwxOf(core)
  if (!siwx?.getRequired?.()) return closeModal(core)
  const { lastSignedNetwork: last, lastSignedAddress } = walletFeatures(core).siwx.state
  const current = activeAccount(core)
  // Only a network where this same account has a session is a place to go back to.
  if (last && current && last !== current.chainId && lastSignedAddress === current.address && core.options.findNetwork(last)) {
    try {
      await (await import('./switchNetwork.js')).switchNetwork(core, last)
      if (activeAccount(core)?.chainId === last) return closeModal(core)
    } catch {
      // Could not go back: fall through to disconnecting.
    }
  }
  await core.disconnect()
}

/** Spec §4: disconnecting clears the sign-in sessions (the site's SIWX forgets them). */
export async function clearSignIn(core: Core): Promise<void> {
  const siwx = siwxOf(core)
  if (!siwx) return
  walletFeatures(core).siwx.setLastSigned(undefined)
  try {
    await siwx.setSessions([])
  } catch (err) {
    console.warn('[wallet-modal] clearing sign-in sessions failed', err)
  }
}

/** Signs out of the active account on its network: the session is revoked, the next connect asks again. */
export async function signOut(core: Core): Promise<void> {
  const siwx = siwxOf(core)
  if (!siwx) throw new WalletModalError('SIWX_NOT_ENABLED')
  const active = activeAccount(core)
  if (!active) return
  await siwx.revokeSession(active.chainId, active.address)
  // The revoked session is no longer one to go back to, nor a signed-in state to show.
  const { siwx: state } = walletFeatures(core)
  if (state.state.lastSignedNetwork === active.chainId && state.state.lastSignedAddress === active.address) state.setLastSigned(undefined)
}
