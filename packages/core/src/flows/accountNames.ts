import { ACCOUNT_NAME_LABEL, evmCoinType } from '@wallet-modal/wire'
import type { Core } from '../core/Core.js'
import { createNamesController, type NamesController } from '../controllers/NamesController.js'
import { WalletModalError, isWalletModalError } from '../errors/WalletModalError.js'
import { NAME_ERROR_MESSAGES, type NameErrorCode } from '../errors/nameCodes.js'
import { namespaceSupports } from '../adapters/namespaces.js'
import { isAuthConnectorId } from '../adapters/embedded/constants.js'
import { refusalReason } from '../api/serviceReason.js'
import { nameSuffix, namesClient, rememberProfileName, serviceNameLabel } from './profileName.js'
import { signMessage } from './walletActions.js'
import { NAMES_STATE } from '../core/featureKeys.js'
import { getOrMake } from '../core/FeatureSlots.js'

/** RegisterAccountName's controller of this core, made on first use. */
export function namesState(core: Core): NamesController {
  return getOrMake(core.runtime.slots, NAMES_STATE, createNamesController)
}

/** A names error with its words (they live in this chunk's catalogue). */
function nameError(code: NameErrorCode, opts: { details?: string; cause?: unknown; name?: string } = {}): WalletModalError {
  return new WalletModalError(code, { shortMessage: NAME_ERROR_MESSAGES[code].replace('{name}', opts.name ?? ''), details: opts.details, cause: opts.cause })
}

/**
 * Spec §2 / §5: whether Account offers registering a name: an embedded-wallet (auth connector)
 * account on a namespace with names, with an active network, and a name service to ask.
 */
export function canRegisterName(core: Core): boolean {
  const ns = core.chain.state.activeNamespace
  const { account, network } = core.chain.state.namespaces[ns]
  return (
    core.hasServices &&
    namespaceSupports(ns, 'names') &&
    account.status === 'connected' &&
    !!account.address &&
    !!network.caipNetwork &&
    isAuthConnectorId(account.connectorId)
  )
}

/**
 * Spec §5: why `label` cannot be a name (letters, digits and hyphens, at least 4 characters),
 * else undefined. Checked before any request.
 *
 * @example accountNameProblem('ab') // 'letters, digits and hyphens, at least 4 characters'
 */
export function accountNameProblem(label: string): string | undefined {
  return ACCOUNT_NAME_LABEL.test(label) ? undefined : NAME_ERROR_MESSAGES.NAME_RULE
}

/**
 * RegisterAccountName mounts: an empty form, unless it comes back from the signature of a
 * registration started for this same account (then the typed name and the outcome stay).
 */
export function startRegisterAccountName(core: Core): void {
  const names = namesState(core)
  const returning = names.state.keepFor !== undefined && names.state.keepFor === core.chain.activeAccount().address
  if (!returning) names.reset()
  else releaseRegisterForm(core)
}

/**
 * Once the registration has settled (back to idle) while the form is shown, the form is no longer
 * kept: the next visit starts empty. RegisterAccountName calls it as its step changes.
 */
export function releaseRegisterForm(core: Core): void {
  const names = namesState(core)
  if (names.state.step === 'idle' && names.state.keepFor !== undefined) names.setKeepFor(undefined)
}

/**
 * The visitor typed: the own part (a pasted suffix is dropped, the service's own or a legacy one
 * such as `.wcn.id`: both name the same account), checked against the rule at once.
 */
export function setAccountNameInput(core: Core, typed: string): void {
  const trimmed = typed.trim()
  const label = serviceNameLabel(core, trimmed) ?? trimmed
  namesState(core).setInput(label, label ? accountNameProblem(label) : undefined)
  abortCheck(core)
}

const checks = new WeakMap<Core, AbortController>()
/** Drops the check in flight: its answer would be about an older input. */
function abortCheck(core: Core): void {
  checks.get(core)?.abort()
  checks.delete(core)
}

/**
 * Asks the name service whether the typed name is taken, and for free variants (spec §7
 * suggestions, with the zone): called once typing pauses. Nothing is asked for an empty input or
 * one that breaks the rule; only the newest answer is kept. A failure shows the service's reason,
 * else 'Error fetching name suggestions'.
 */
export async function checkAccountName(core: Core): Promise<void> {
  const names = namesState(core)
  const label = names.state.input.toLowerCase()
  names.setConsidered(label)
  if (!label || names.state.ruleError || names.state.checked === label) return
  abortCheck(core)
  const abort = new AbortController()
  checks.set(core, abort)
  names.setChecking(true)
  try {
    const suffix = nameSuffix(core)
    const [asked, ...variants] = await (await namesClient(core)).suggestions(label, suffix.slice(1), { signal: abort.signal })
    if (abort.signal.aborted) return
    names.setChecked(
      label,
      !!asked?.registered,
      variants.filter(s => !s.registered)
    )
  } catch (err) {
    if (abort.signal.aborted) return
    // Spec §8: the service's reason for a refusal first, else the spec's words.
    names.setError(refusalReason(err) ?? nameError('NAME_SUGGESTIONS_FAILED').shortMessage)
  } finally {
    if (checks.get(core) === abort) checks.delete(core)
  }
}

/**
 * Registers the typed name for the embedded-wallet account (spec §4): signs the JSON message
 * `{ name, attributes, timestamp }` (the secure frame asks the person), sends it to the name
 * service, records the name (Account shows it) and shows RegisterAccountNameSuccess. A declined
 * signature or a refusal keeps the form, saying why ('Signature declined'; the service's reason,
 * else 'Error registering name {name}').
 *
 * @throws nothing: every outcome is in the names state and the router
 */
export async function registerAccountName(core: Core): Promise<void> {
  const names = namesState(core)
  const label = names.state.input.toLowerCase()
  if (names.state.step !== 'idle' || !label || names.state.ruleError) return
  const name = label + nameSuffix(core)
  const ns = core.chain.state.activeNamespace
  const { account, network } = core.chain.state.namespaces[ns]
  const address = account.address
  // Spec §5: registering needs an active network, an address and the auth connector.
  if (!address || !network.caipNetwork || !isAuthConnectorId(account.connectorId)) return names.setError(nameError('NAME_AUTH_NOT_FOUND').shortMessage)
  let coinType: number
  try {
    coinType = evmCoinType(Number(network.caipNetwork.id))
  } catch {
    return names.setError(new WalletModalError('INVALID_CHAIN_ID').shortMessage)
  }
  const message = JSON.stringify({ name, attributes: {}, timestamp: Math.floor(Date.now() / 1000) })
  names.setError(undefined)
  names.setStep('signing')
  // The approval view replaces the form meanwhile; coming back, the form is this one.
  names.setKeepFor(address)
  let signature: string
  try {
    signature = await signMessage(core, message)
  } catch (err) {
    names.setStep('idle')
    // The approval view has gone back to the form; say why nothing happened.
    return names.setError(isWalletModalError(err) ? err.shortMessage : nameError('NAME_REGISTER_FAILED', { name }).shortMessage)
  }
  names.setStep('registering')
  try {
    await (await namesClient(core)).register({ coin_type: coinType, address, message, signature })
  } catch (err) {
    names.setStep('idle')
    return names.setError(refusalReason(err) ?? nameError('NAME_REGISTER_FAILED', { name }).shortMessage)
  }
  rememberProfileName(core, address, name)
  names.setKeepFor(undefined)
  names.setRegistered(name)
  core.router.replace('RegisterAccountNameSuccess')
}
