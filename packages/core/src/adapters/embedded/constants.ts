import type { WiredNamespace } from '../../types/network.js'

/** Spec §3: the auth connector's id (its eip155 entry; other namespaces add a suffix). */
export const AUTH_CONNECTOR_ID = 'ID_AUTH'

/** A namespace the embedded wallet serves (spec: the auth connector is on eip155 and solana). */
export type EmbeddedNamespace = Extract<WiredNamespace, 'eip155' | 'solana'>

/** The namespaces the embedded wallet serves, in the order their connectors are made. */
export const EMBEDDED_NAMESPACES: readonly EmbeddedNamespace[] = ['eip155', 'solana']

/** The auth connector's id on a namespace: one entry per namespace, merged as one on Connect. */
export const authConnectorId = (ns: WiredNamespace): string => (ns === 'eip155' ? AUTH_CONNECTOR_ID : `${AUTH_CONNECTOR_ID}:${ns}`)

/** Whether a connector id is one of the auth connector's. */
export const isAuthConnectorId = (id: string | undefined): boolean => id === AUTH_CONNECTOR_ID || !!id?.startsWith(`${AUTH_CONNECTOR_ID}:`)

/** Spec §4: the frame is ready this long after its ready event. */
export const FRAME_READY_DELAY_MS = 500
/** Spec §8: the frame must load within this, else iframe_load_failed. */
export const FRAME_LOAD_TIMEOUT_MS = 20_000
/** Spec §8: a connect request must be answered within this, else iframe_request_timeout. */
export const FRAME_REQUEST_TIMEOUT_MS = 120_000
/** Spec §5: a new e-mail code only this long after the last one. */
export const EMAIL_COOLDOWN_MS = 30_000
/** Spec §6: 'Action not allowed' shows this long after a refused request. */
export const ACTION_NOT_ALLOWED_DELAY_MS = 300

/** Spec §1 / §5: the social providers of the embedded wallet, in the spec's order. */
export const SOCIAL_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const
/** One of {@link SOCIAL_PROVIDERS}. */
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number]
/** The logins the `socials` feature lists: the six providers and Farcaster (its own flow, no popup). */
export const SOCIAL_LOGINS = [...SOCIAL_PROVIDERS, 'farcaster'] as const
/** One of {@link SOCIAL_LOGINS}. */
export type SocialLogin = (typeof SOCIAL_LOGINS)[number]
/** Spec §9: the social login popup's size. */
export const SOCIAL_POPUP = { width: 600, height: 800 } as const
/** Spec §4: how often the modal checks whether the popup was closed. */
export const POPUP_CLOSED_CHECK_MS = 1000
