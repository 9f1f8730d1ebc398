// The keys of the parts several flows share (each part is made by one flow, read by others).
// A part used by one flow only declares its key in that flow. Types only are imported here, so
// this module costs the first chunk nothing but the keys, and it imports no flow (no cycle).
import type { Wallet } from '../api/schemas.js'
import type { NamesClient } from '../api/NamesClient.js'
import type { EmbeddedWallet } from '../adapters/embedded/createEmbeddedWallet.js'
import type { WalletConnectClient } from '../adapters/walletconnect/WalletConnectClient.js'
import type { EmbeddedController } from '../controllers/EmbeddedController.js'
import type { NamesController } from '../controllers/NamesController.js'
import type { SendController } from '../controllers/SendController.js'
import type { SIWXController } from '../controllers/SIWXController.js'
import type { TransactionsController } from '../controllers/TransactionsController.js'
import type { SIWXConfig } from '../siwx/SIWXConfig.js'
import { featureKey } from './FeatureSlots.js'

/** Send, Activity and sign-in state, made when those features first load (flows/walletFeatures.ts). */
export interface WalletFeatures {
  send: SendController
  transactions: TransactionsController
  siwx: SIWXController
  /** A site's `siweConfig` served as SIWX, made on first use. */
  siweAdapter?: SIWXConfig
}

/** Send, Activity and sign-in state (made by flows/walletFeatures.ts; disconnecting resets it). */
export const WALLET_FEATURES = featureKey<WalletFeatures>()

/**
 * The sign-in state alone (flows/siwxState.ts): what a button reading "signed in" needs, without
 * Send's and Activity's controllers in its bundle. `WalletFeatures.siwx` is this same object.
 */
export const SIWX_STATE = featureKey<SIWXController>()

/** The site's `customWallets`, checked (flows/siteWallets.ts, loaded at start only on sites that have some). */
export const CUSTOM_WALLETS = featureKey<Wallet[]>()

/** The embedded wallet (its frame and connectors), once e-mail login or a restore needed it (flows/embedded.ts). */
export const EMBEDDED_WALLET = featureKey<Promise<EmbeddedWallet>>()

/** The embedded wallet's state, made when e-mail login is first used (flows/embeddedState.ts). */
export const EMBEDDED_STATE = featureKey<EmbeddedController>()

/** The WalletConnect client, once something needed it (flows/walletConnect.ts). */
export const WALLET_CONNECT = featureKey<Promise<WalletConnectClient>>()

/** The names client, once an account's name was looked up (flows/profileName.ts). */
export const NAMES_CLIENT = featureKey<Promise<NamesClient>>()

/** RegisterAccountName's state, made when it first loads (flows/accountNames.ts). */
export const NAMES_STATE = featureKey<NamesController>()
