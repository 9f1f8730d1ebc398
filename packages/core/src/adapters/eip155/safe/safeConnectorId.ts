/** The Safe connector's id (spec §3 connector ids): offered inside a Safe app frame only. */
export const SAFE_CONNECTOR_ID = 'safe'
