// The checks every group of secure-site routes shares, on plain inputs: which chains the user is
// told of, which page origins a project's frame may talk to, the project a request names, and the
// session looked up once per request whatever asks for it.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { FastifyRequest } from 'fastify'
import type { ChainConfig } from '../../config/ServerConfig.js'
import type { EmbeddedAccount, EmbeddedAccounts, EmbeddedSession } from '../EmbeddedAccounts.js'
import type { SecureSiteContext } from '../SecureSiteContext.js'
import { PROJECT_HEADER, type SecureRoutesParts, secureRoutesContext } from './secureRoutesContext.js'

const chain = (caipNetworkId: string): ChainConfig => ({
  caipNetworkId,
  name: caipNetworkId,
  rpcUrl: 'http://127.0.0.1:9',
  nativeCurrency: { name: 'X', symbol: 'X', decimals: 18 }
})
const ACCOUNT: EmbeddedAccount = { id: 'u1', email: 'ada@example.com', addresses: { eip155: '0x0000000000000000000000000000000000000001', solana: 'So1' } }
const TOKEN = `wme_${'a'.repeat(43)}`

/** The context over two projects and three chains; `accounts.session` answers `found.session` and counts its calls. */
function contextWith(found: { session?: EmbeddedSession } = { session: { account: ACCOUNT, projectId: 'demo' } }) {
  const lookups = { count: 0 }
  const projects = new Map([
    ['demo', { id: 'demo', allowedOrigins: ['http://127.0.0.1:*'] }],
    ['shop', { id: 'shop', allowedOrigins: ['https://shop.example', 'https://*.shop.example'] }]
  ])
  const accounts = {
    session: async () => {
      lookups.count++
      return found.session
    }
  } as unknown as EmbeddedAccounts
  const parts = {
    server: { projects } as unknown as SecureSiteContext,
    accounts,
    chains: [chain('eip155:1'), chain('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'), chain('eip155:8453')],
    smartChains: [chain('eip155:8453')]
  } as unknown as SecureRoutesParts
  return { ctx: secureRoutesContext(parts), lookups }
}

const request = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest

describe('secureRoutesContext', () => {
  it('tells the frame the served eip155 chains and those with smart accounts, and the login the account has', () => {
    const { ctx } = contextWith()
    assert.deepEqual(ctx.user(ACCOUNT), { email: 'ada@example.com', addresses: ACCOUNT.addresses, smartAccountNetworks: [8453], evmNetworks: [1, 8453] })
    assert.deepEqual(
      ctx.evmChains.map(c => c.caipNetworkId),
      ['eip155:1', 'eip155:8453']
    )
    assert.equal(ctx.chainsById.get('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')?.name, 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
    const social = { ...ACCOUNT, email: undefined, social: { provider: 'x', username: 'ada', email: 'ada@x.example' } }
    assert.deepEqual(ctx.user(social), { ...ctx.user(ACCOUNT), email: 'ada@x.example', provider: 'x', userName: 'ada' })
  })

  it("takes a page origin only when it is exactly an origin the project's patterns allow", () => {
    const { ctx } = contextWith()
    assert.deepEqual(ctx.pageOrigin({ projectId: 'shop', origin: 'https://a.shop.example' }).parent, 'https://a.shop.example')
    assert.equal(ctx.pageOrigin({ projectId: 'demo', origin: 'http://127.0.0.1:5173' }).project.id, 'demo')
    for (const origin of [
      'https://evil.example',
      'https://shop.example/',
      'https://shop.example:8443',
      'HTTPS://shop.example',
      'javascript:alert(1)',
      '',
      undefined
    ]) {
      assert.throws(() => ctx.pageOrigin({ projectId: 'shop', origin }), { status: 403, message: 'Origin not allowed for this project' }, String(origin))
    }
    assert.throws(() => ctx.pageOrigin({ projectId: 'nope', origin: 'https://shop.example' }), { status: 403, message: 'Unknown project' })
  })

  it('names the project of the frame from its header, known projects only', () => {
    const { ctx } = contextWith()
    assert.equal(ctx.projectOf(request({ [PROJECT_HEADER]: 'shop' })), 'shop')
    for (const headers of [{}, { [PROJECT_HEADER]: 'nope' }] as Record<string, string>[]) {
      assert.throws(() => ctx.projectOf(request(headers)), { status: 400, message: 'The request names no known project (x-wm-project header)' })
    }
  })

  it('looks a request’s session up once, however often the hook and the handler ask', async () => {
    const { ctx, lookups } = contextWith()
    const req = request({ authorization: `Bearer ${TOKEN}`, [PROJECT_HEADER]: 'demo' })
    await ctx.requireSession(req)
    assert.deepEqual(await ctx.sessionOf(req), { token: TOKEN, account: ACCOUNT, projectId: 'demo' })
    await ctx.sessionOf(req)
    assert.equal(lookups.count, 1)
    // Another request is looked up on its own; a refused one stays refused.
    const other = request({ authorization: `Bearer ${TOKEN}`, [PROJECT_HEADER]: 'shop' })
    await assert.rejects(ctx.sessionOf(other), { status: 401, message: 'This session was made for another project: log in again' })
    await assert.rejects(ctx.sessionOf(other), { status: 401 })
    assert.equal(lookups.count, 2)
    // No bearer token: refused without a lookup.
    await assert.rejects(ctx.sessionOf(request({ authorization: TOKEN })), { status: 401, message: 'Not connected to email or social' })
    assert.equal(lookups.count, 2)
  })

  it('refuses a token whose session ended', async () => {
    const { ctx } = contextWith({})
    await assert.rejects(ctx.sessionOf(request({ authorization: `Bearer ${TOKEN}`, [PROJECT_HEADER]: 'demo' })), {
      status: 401,
      message: 'Not connected to email or social'
    })
  })
})
