import { expect } from 'chai'
import { WalletModalError, isWalletModalError, toWalletModalError } from './WalletModalError.js'
import type { ERROR_MESSAGES } from './codes.js'
import { embeddedError, toEmbeddedError } from './embeddedErrors.js'

describe('WalletModalError', () => {
  it('carries a stable code and the catalogue wording', () => {
    const e = new WalletModalError('USER_REJECTED', { details: 'User rejected the request.' })
    expect(e).to.be.instanceOf(Error)
    expect(e.code).to.equal('USER_REJECTED')
    expect(e.shortMessage).to.equal('Connection rejected')
    expect(e.message).to.equal('Connection rejected: User rejected the request.')
    expect(isWalletModalError(e, 'USER_REJECTED')).to.equal(true)
    expect(isWalletModalError(e, 'CONNECT_FAILED')).to.equal(false)
  })
  // Codes something raises (test/node/errorCatalogue.test.ts checks each is used outside this folder).
  it('has the spec wording for the errors in use', () => {
    const expected: Partial<Record<keyof typeof ERROR_MESSAGES, string>> = {
      PROJECT_ID_REQUIRED: 'A project id is required',
      MODAL_CLOSED: 'Modal closed',
      USER_REJECTED: 'Connection rejected',
      CONNECT_FAILED: 'Failed to connect',
      CONNECTOR_NOT_FOUND: 'No connector found for connection',
      WALLET_CONNECT_NOT_FOUND: 'WalletConnectConnector not found',
      DISCONNECT_FAILED: 'Failed to disconnect',
      NETWORK_NOT_FOUND: 'Network not found',
      CHAIN_NOT_SUPPORTED: 'Chain is not supported',
      ADAPTER_NOT_FOUND: 'Adapter not found',
      CONNECTOR_CHAINS_UNSUPPORTED: 'The connector does not support any of the requested chains',
      INVALID_CAIP_ADDRESS: 'Invalid CAIP Address',
      INVALID_CHAIN_ID: 'Invalid chainId',
      UNSUPPORTED_CHAIN_NAMESPACE: 'Unsupported chain namespace',
      BALANCE_UNAVAILABLE: 'Token Balance Unavailable',
      SEND_FIELDS_REQUIRED: 'An amount and receiver address are required',
      SEND_TOKEN_REQUIRED: 'A token is required',
      SEND_UNSUPPORTED_CHAIN: 'Unsupported chain',
      SIGNATURE_DECLINED: 'Signature declined',
      TRANSACTIONS_ADDRESS_REQUIRED: 'Transaction fetch needs an account address',
      TRANSACTIONS_FETCH_FAILED: 'Failed to fetch transactions',
      SIWX_NOT_ENABLED: 'SIWX is not enabled',
      SIWX_CONFLICT: 'siweConfig and siwx options cannot both be set',
      // Spec §4: switching to a stored connection whose status is not connected, active or disconnected.
      INVALID_CONNECTION_STATUS: 'Invalid connection status',
      // Switching the account type with no network or account (flows/accountType.ts).
      CAIP_UNDEFINED: 'CaipNetwork or CaipAddress is undefined'
    }
    for (const [code, text] of Object.entries(expected)) expect(new WalletModalError(code as keyof typeof ERROR_MESSAGES).shortMessage, code).to.equal(text)
  })
  it("words the embedded wallet's errors from its own catalogue (out of the first chunk)", () => {
    const expected = {
      AUTH_CONNECTOR_NOT_FOUND: 'No auth connector found',
      NOT_CONNECTED_EMAIL: 'Not connected to email or social',
      AUTH_INIT_FAILED: 'A problem occurred while trying initialize authentication',
      EMAIL_DEPENDENCY_FAILED: 'Unable to load email login dependency',
      INVALID_EMAIL: 'Invalid email',
      FRAME_ERROR: 'An error occurred',
      SOMETHING_WENT_WRONG: 'Something went wrong',
      RPC_NOT_ALLOWED: 'Requested RPC call is not allowed',
      ACTION_NOT_ALLOWED: 'Action not allowed',
      IFRAME_LOAD_FAILED: 'iframe_load_failed',
      IFRAME_REQUEST_TIMEOUT: 'iframe_request_timeout'
    } as const
    for (const [code, text] of Object.entries(expected)) expect(embeddedError(code as keyof typeof expected).shortMessage, code).to.equal(text)
    expect(embeddedError('EMAIL_COOLDOWN', { shortMessage: 'Please try again after 3 seconds' }).shortMessage).to.equal('Please try again after 3 seconds')
    // A first-chunk code through the same helper keeps the first chunk's words.
    expect(embeddedError('REQUEST_ABORTED').shortMessage).to.equal('Request was aborted')
    const wrapped = toEmbeddedError(new Error('boom'), 'FRAME_ERROR')
    expect([wrapped.code, wrapped.shortMessage, wrapped.details]).to.deep.equal(['FRAME_ERROR', 'An error occurred', 'boom'])
  })

  it('wraps unknown errors with a fallback code and keeps the cause', () => {
    const cause = new Error('boom')
    const e = toWalletModalError(cause, 'CONNECT_FAILED')
    expect(e.code).to.equal('CONNECT_FAILED')
    expect(e.details).to.equal('boom')
    expect(e.cause).to.equal(cause)
    expect(toWalletModalError(e, 'RPC_ERROR')).to.equal(e)
  })
})
