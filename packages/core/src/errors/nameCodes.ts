/**
 * The name service's errors (spec §8 name errors, §5 registration rules), kept out of the first
 * chunk: only the names flows raise them, always with their words. `NAME_RESOLVE_FAILED` ('Error
 * resolving name') is Send's and stays in the main catalogue. Codes join `ErrorCode`.
 */
export const NAME_ERROR_MESSAGES = {
  NAME_SUGGESTIONS_FAILED: 'Error fetching name suggestions',
  NAMES_FOR_ADDRESS_FAILED: 'Error fetching names for address',
  /** `{name}` is the whole name being registered. */
  NAME_REGISTER_FAILED: 'Error registering name {name}',
  NAME_AUTH_NOT_FOUND: 'Address or auth connector not found',
  /** Spec §5, as the rule the form shows. */
  NAME_RULE: 'letters, digits and hyphens, at least 4 characters'
} as const

/** A code of {@link NAME_ERROR_MESSAGES}. */
export type NameErrorCode = keyof typeof NAME_ERROR_MESSAGES
