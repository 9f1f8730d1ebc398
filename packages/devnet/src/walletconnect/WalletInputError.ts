/**
 * Thrown by the WalletConnect dev wallet when what it was given is wrong (a malformed pairing
 * link, an unknown mode), as opposed to a failure inside the SDK or the relay. The HTTP API
 * answers these with 400 and the message, so the person who pasted the link sees what to fix.
 */
export class WalletInputError extends Error {
  /**
   * @param message - What is wrong, phrased for the person who typed it.
   */
  constructor(message: string) {
    super(message)
    this.name = 'WalletInputError'
  }
}
