/**
 * The social login's errors (spec §8 connection errors), kept out of the first chunk: they are
 * raised only by the social flow, which is a chunk of its own. Codes join {@link ErrorCode}.
 */
export const SOCIAL_ERROR_MESSAGES = {
  POPUP_CLOSED: 'Popup closed',
  SOCIAL_INIT_FAILED: 'Failed to initiate social connection',
  FARCASTER_FAILED: 'Failed to connect to farcaster'
} as const

/** A code of {@link SOCIAL_ERROR_MESSAGES}. */
export type SocialErrorCode = keyof typeof SOCIAL_ERROR_MESSAGES
