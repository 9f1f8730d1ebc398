import * as v from 'valibot'
import { EIP155_READ_METHODS } from './eip155ReadMethods.js'

// The embedded wallet's frame protocol (spec §7 "Embedded-wallet frame messages", §5 rules): what
// the modal (the site's page) and the secure frame (the operator's secure origin) say to each
// other through postMessage. Both sides validate every message they receive with these schemas,
// after checking event.origin and event.source.
//
// One deliberate difference from a plain port of the message list: the one-time codes are typed
// inside the secure site (a frame of its own shown in the EmailLogin / UpdateEmailWallet views),
// never in the site's page. So CONNECT_OTP and the two UPDATE_EMAIL_*_OTP requests carry no code:
// they resolve once the person has entered a correct one in the secure frame.

/** Spec §5: an e-mail must be valid (a pragmatic check: one @, a dot in the domain, no spaces). */
export const EmailSchema = v.pipe(v.string(), v.trim(), v.maxLength(254, 'Invalid email'), v.regex(/^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/, 'Invalid email'))

/** An RPC request id correlating a request and its answer: random, printable. */
const IdSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,64}$/))

/** Spec §5: the social providers of the embedded wallet (Farcaster has a flow of its own). */
export const SOCIAL_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const
/** One of {@link SOCIAL_PROVIDERS}. */
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number]
/** Spec §5: a social provider must be one of the six. */
export const SocialProviderSchema = v.picklist(SOCIAL_PROVIDERS, 'Unknown social provider')

/** Spec §5: the connect-email result. */
export const ConnectEmailActionSchema = v.picklist(['VERIFY_DEVICE', 'VERIFY_OTP', 'CONNECT'])
/** Spec §5: the update-email result. */
export const UpdateEmailActionSchema = v.picklist(['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP'])
/** Account types of the embedded wallet (spec §3). */
export const AccountTypeSchema = v.picklist(['eoa', 'smartAccount'])

const ChainIdSchema = v.union([v.pipe(v.number(), v.integer(), v.minValue(0)), v.pipe(v.string(), v.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$|^\d{1,20}$/))])

/** The embedded wallet's user (spec §3 Embedded-wallet user). */
export const EmbeddedUserSchema = v.object({
  email: v.optional(v.string()),
  address: v.string(),
  chainId: ChainIdSchema,
  accounts: v.array(v.object({ address: v.string(), type: v.picklist(['eoa', 'smartAccount']), namespace: v.picklist(['eip155', 'solana']) })),
  userName: v.optional(v.string()),
  /** The social provider (or farcaster) the person logged in with (absent for e-mail). */
  provider: v.optional(v.picklist([...SOCIAL_PROVIDERS, 'farcaster'])),
  preferredAccountType: AccountTypeSchema,
  smartAccountDeployed: v.boolean()
})
/** The embedded wallet's user, as `GET_USER` answers it. */
export type EmbeddedUser = v.InferOutput<typeof EmbeddedUserSchema>

const Hex = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]*$/))

/** Spec §5: wallet_sendCalls targets and data start with 0x. */
export const SendCallsParamsSchema = v.tuple([
  v.object({
    calls: v.array(v.object({ to: v.optional(Hex), data: v.optional(Hex), value: v.optional(Hex) })),
    chainId: v.optional(Hex),
    from: v.optional(Hex)
  })
])

/** Every request the modal may send to the frame, by type, with its payload. */
export const FRAME_REQUESTS = {
  SWITCH_NETWORK: v.object({ chainId: ChainIdSchema }),
  CONNECT_EMAIL: v.object({ email: EmailSchema }),
  CONNECT_DEVICE: v.object({}),
  CONNECT_OTP: v.object({}),
  GET_SOCIAL_REDIRECT_URI: v.object({ provider: SocialProviderSchema }),
  CONNECT_SOCIAL: v.object({ uri: v.pipe(v.string(), v.maxLength(2000), v.url()) }),
  GET_FARCASTER_URI: v.object({}),
  CONNECT_FARCASTER: v.object({}),
  GET_USER: v.object({ chainId: v.optional(ChainIdSchema), preferredAccountType: v.optional(AccountTypeSchema) }),
  // `everywhere` ends every session of the account (every device, browser and site), not only this one.
  SIGN_OUT: v.object({ everywhere: v.optional(v.boolean()) }),
  IS_CONNECTED: v.object({}),
  GET_CHAIN_ID: v.object({}),
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: v.object({}),
  INIT_SMART_ACCOUNT: v.object({}),
  SET_PREFERRED_ACCOUNT: v.object({ type: AccountTypeSchema }),
  RPC_REQUEST: v.object({ method: v.pipe(v.string(), v.maxLength(100)), params: v.optional(v.unknown()), chainId: v.optional(ChainIdSchema) }),
  UPDATE_EMAIL: v.object({ email: EmailSchema }),
  UPDATE_EMAIL_PRIMARY_OTP: v.object({}),
  UPDATE_EMAIL_SECONDARY_OTP: v.object({}),
  SYNC_THEME: v.object({ themeMode: v.picklist(['light', 'dark']), accent: v.optional(v.pipe(v.string(), v.regex(/^#[0-9a-fA-F]{3,8}$/))) }),
  SYNC_DAPP_DATA: v.object({
    projectId: v.string(),
    sdkVersion: v.optional(v.string()),
    name: v.optional(v.pipe(v.string(), v.maxLength(200))),
    url: v.optional(v.pipe(v.string(), v.maxLength(500)))
  }),
  RELOAD: v.object({}),
  ABORT_RPC: v.object({})
} as const

/** A request type of the frame protocol. */
export type FrameRequestType = keyof typeof FRAME_REQUESTS
/** The payload of a request type. */
export type FrameRequestPayload<T extends FrameRequestType> = v.InferOutput<(typeof FRAME_REQUESTS)[T]>

/** What each request resolves to (the SUCCESS event's payload). */
export const FRAME_RESPONSES = {
  SWITCH_NETWORK: v.object({ chainId: ChainIdSchema }),
  CONNECT_EMAIL: v.object({ action: ConnectEmailActionSchema }),
  CONNECT_DEVICE: v.object({}),
  CONNECT_OTP: EmbeddedUserSchema,
  GET_SOCIAL_REDIRECT_URI: v.object({ uri: v.pipe(v.string(), v.maxLength(4000), v.url()) }),
  CONNECT_SOCIAL: EmbeddedUserSchema,
  GET_FARCASTER_URI: v.object({ url: v.pipe(v.string(), v.maxLength(4000), v.url()) }),
  CONNECT_FARCASTER: EmbeddedUserSchema,
  GET_USER: EmbeddedUserSchema,
  SIGN_OUT: v.object({}),
  IS_CONNECTED: v.object({ isConnected: v.boolean() }),
  GET_CHAIN_ID: v.object({ chainId: ChainIdSchema }),
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: v.object({ smartAccountEnabledNetworks: v.array(v.number()) }),
  INIT_SMART_ACCOUNT: v.object({ address: v.string(), isDeployed: v.boolean() }),
  SET_PREFERRED_ACCOUNT: v.object({ type: AccountTypeSchema, address: v.string() }),
  RPC_REQUEST: v.object({ result: v.unknown() }),
  UPDATE_EMAIL: v.object({ action: UpdateEmailActionSchema }),
  UPDATE_EMAIL_PRIMARY_OTP: v.object({ action: UpdateEmailActionSchema }),
  UPDATE_EMAIL_SECONDARY_OTP: v.object({ email: v.string() }),
  SYNC_THEME: v.object({}),
  SYNC_DAPP_DATA: v.object({}),
  RELOAD: v.object({}),
  ABORT_RPC: v.object({})
} as const satisfies Record<FrameRequestType, v.GenericSchema>

/** The answer a request type resolves to. */
export type FrameResponse<T extends FrameRequestType> = v.InferOutput<(typeof FRAME_RESPONSES)[T]>

const requestTypes = Object.keys(FRAME_REQUESTS) as FrameRequestType[]

/** Envelope of a request from the modal: a random id, the type and its payload. */
export const FrameRequestSchema = v.object({
  wm: v.literal('app'),
  id: IdSchema,
  type: v.picklist(requestTypes),
  payload: v.unknown()
})

/** Envelope of what the frame sends: an answer to a request, or an event of its own. */
export const FrameMessageSchema = v.variant('kind', [
  v.object({ wm: v.literal('frame'), kind: v.literal('success'), id: IdSchema, type: v.picklist(requestTypes), payload: v.unknown() }),
  v.object({
    wm: v.literal('frame'),
    kind: v.literal('error'),
    id: IdSchema,
    type: v.picklist(requestTypes),
    message: v.optional(v.pipe(v.string(), v.maxLength(500))),
    code: v.optional(v.number())
  }),
  // The frame's script runs and listens (the modal waits 500 ms more, spec §4).
  v.object({ wm: v.literal('frame'), kind: v.literal('ready') }),
  // A signing request waits for the person in the secure approval frame (ApproveTransaction).
  v.object({ wm: v.literal('frame'), kind: v.literal('approval'), id: IdSchema, method: v.pipe(v.string(), v.maxLength(100)) }),
  // The person signed out or the session ended inside the secure site.
  v.object({ wm: v.literal('frame'), kind: v.literal('signedOut') }),
  // Escape was pressed inside one of the secure site's frames (the modal closes, as with its own keys).
  v.object({ wm: v.literal('frame'), kind: v.literal('escape') })
])

/**
 * What the secure site's social callback page (in the popup) posts to the page that opened it:
 * the result URI the secure frame completes the login with, or the reason it failed. The page
 * takes it only from the secure origin and from its own popup.
 */
export const SocialResultMessageSchema = v.union([
  v.object({ wm: v.literal('social'), resultUri: v.pipe(v.string(), v.maxLength(2000), v.url()) }),
  v.object({ wm: v.literal('social'), error: v.pipe(v.string(), v.maxLength(300)) })
])

/** A message from the frame, validated. */
export type FrameMessage = v.InferOutput<typeof FrameMessageSchema>
/** A request to the frame, validated. */
export type FrameRequest = v.InferOutput<typeof FrameRequestSchema>

/**
 * Spec §6: how the embedded wallet treats an RPC method: `safe` runs silently, `approve` needs
 * the person in ApproveTransaction, anything else is refused.
 */
export function classifyEmbeddedMethod(method: string): 'safe' | 'approve' | 'account' | 'refused' {
  if (ACCOUNT_METHODS.has(method)) return 'account'
  if (SAFE_METHODS.has(method)) return 'safe'
  if (APPROVAL_METHODS.has(method)) return 'approve'
  return 'refused'
}

/** Answered by the frame from its own state (accounts and chain). */
const ACCOUNT_METHODS = new Set([
  'eth_accounts',
  'eth_requestAccounts',
  'eth_chainId',
  'net_version',
  'wallet_switchEthereumChain',
  'wallet_getCapabilities',
  'solana_requestAccounts',
  'solana_getAccounts'
])

/** Spec §6 safe reads: forwarded to the chain without asking the person. */
const SAFE_METHODS = new Set([
  ...EIP155_READ_METHODS,
  'eth_getProof',
  'eth_syncing',
  // Spec §7's wallet methods: the RPC proxy allows it too (chain/rpcAllowList.ts).
  'net_listening',
  'wallet_getCallsStatus',
  // EIP-7811: the account's assets, read by the secure site from the chains it serves.
  'wallet_getAssets',
  'getBalance',
  'getLatestBlockhash',
  'getSignatureStatuses',
  'getAccountInfo',
  'getTokenAccountsByOwner'
])

/**
 * Spec §6: signing and sending methods, each approved by the person inside the secure frame.
 *
 * Spec §6 also names `wallet_grantPermissions`, `wallet_revokePermissions` (ERC-7715) and "send
 * user operation": this wallet cannot perform them (permissions need a session-key module on the
 * smart account; a user operation built by the site would be signed blind, its calls hidden in
 * the account's calldata), so they are refused before Approve, like any method outside the list
 * ('Requested RPC call is not allowed', EIP-1193 4200), rather than shown and then refused.
 */
const APPROVAL_METHODS = new Set([
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAndSendTransaction',
  'solana_signAllTransactions',
  'wallet_sendCalls'
])

/** Spec §6 signing methods this wallet refuses before Approve (see {@link APPROVAL_METHODS}). */
export const EMBEDDED_UNSUPPORTED_SIGNING_METHODS: readonly string[] = ['wallet_grantPermissions', 'wallet_revokePermissions', 'eth_sendUserOperation']

/** The methods ApproveTransaction handles (for tests and documentation). */
export const EMBEDDED_APPROVAL_METHODS: readonly string[] = [...APPROVAL_METHODS]
/** The methods that run silently (for tests and documentation). */
export const EMBEDDED_SAFE_METHODS: readonly string[] = [...SAFE_METHODS]
