import { expect } from 'chai'
import { relayProblemOf } from './relayProblemOf.js'
import { directoryProblemOf } from './directoryProblemOf.js'
import { WalletModalError } from '../errors/WalletModalError.js'

const closed = (reason: string) => new Error(`WebSocket connection closed abnormally with code: 3000 (${reason})`)
const http = (status: number) => Object.assign(new WalletModalError('HTTP_ERROR', { details: 'refused' }), { status })

describe('what Connect says when a public service cannot be used', () => {
  it('reads the relay’s refusals from the close reason: ours and the public relay’s words', () => {
    expect(relayProblemOf(closed('403 Unauthorized: origin not allowed'))).to.equal('originNotAllowed')
    expect(relayProblemOf(closed('401 Project not found'))).to.equal('projectUnknown')
    expect(relayProblemOf(closed('Unauthorized: invalid key'))).to.equal('projectUnknown')
    expect(relayProblemOf(closed('401 Unauthorized: invalid key (expired)'))).to.equal('projectUnknown')
    expect(relayProblemOf(new WalletModalError('CONNECT_FAILED', { details: 'code: 1013 (Too many requests)' }))).to.equal('rateLimited')
    // No answer at all: a timeout, a socket that never opened.
    expect(relayProblemOf(new WalletModalError('REQUEST_TIMEOUT', { details: 'WalletConnect pairing' }))).to.equal('unreachable')
    expect(relayProblemOf(undefined)).to.equal('unreachable')
  })
  it('reads the registry’s documented statuses: 401 unknown project, 403 origin, 429, else unreachable', () => {
    expect(directoryProblemOf(http(401))).to.equal('projectUnknown')
    expect(directoryProblemOf(http(403))).to.equal('originNotAllowed')
    expect(directoryProblemOf(http(429))).to.equal('rateLimited')
    expect(directoryProblemOf(http(503))).to.equal('unreachable')
    expect(directoryProblemOf(new WalletModalError('NETWORK_ERROR'))).to.equal('unreachable')
  })
})
