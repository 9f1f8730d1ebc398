// The secure site's schema compiler on a Fastify of its own on 127.0.0.1: the schema's output
// reaches the handler, a refusal says valibot's own words of the first issue, a missing body reads
// as undefined (not null), and a schema that is not valibot's is refused when the route is made.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import Fastify, { type FastifyInstance } from 'fastify'
import * as v from 'valibot'
import { installErrorHandlers } from '../../http/installErrorHandlers.js'
import { useStarted } from '../../__fixtures__/useStarted.js'
import { keepMissingBody, secureSiteValidatorCompiler } from './secureSiteValidatorCompiler.js'
import { DeviceIdSchema, OtpSchema } from './secureSiteSchemas.js'

const Body = v.object({ otp: OtpSchema, deviceId: DeviceIdSchema })
const DEVICE = 'device-aaaaaaaaaaaaaaaa'

async function start(): Promise<{ url: string; app: FastifyInstance; close(): Promise<void> }> {
  const app = Fastify({ logger: false })
  installErrorHandlers(app)
  app.setValidatorCompiler(secureSiteValidatorCompiler())
  app.addHook('preValidation', keepMissingBody)
  app.post('/checked', { schema: { body: Body } }, async request => ({ got: request.body }))
  app.get('/query', { schema: { querystring: v.object({ page: v.pipe(v.string(), v.regex(/^\d+$/, 'page: a number')) }) } }, async request => ({
    got: request.query
  }))
  // No body schema: nothing is marked, the handler sees what came.
  app.post('/free', async request => ({ missing: request.body === undefined }))
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as { port: number }
  return { url: `http://127.0.0.1:${port}`, app, close: () => app.close() }
}

describe('secureSiteValidatorCompiler', () => {
  const s = useStarted(start, started => started.close())
  const post = async (path: string, body?: string, type = 'application/json') => {
    const response = await fetch(`${s.url}${path}`, { method: 'POST', ...(body === undefined ? {} : { headers: { 'content-type': type }, body }) })
    return { status: response.status, json: (await response.json()) as Record<string, unknown> }
  }

  it("hands the handler the schema's output (a code's spaces trimmed)", async () => {
    assert.deepEqual(await post('/checked', JSON.stringify({ otp: ' 123456 ', deviceId: DEVICE })), {
      status: 200,
      json: { got: { otp: '123456', deviceId: DEVICE } }
    })
    assert.deepEqual(await fetch(`${s.url}/query?page=3`).then(r => r.json()), { got: { page: '3' } })
  })

  it("refuses with valibot's message of the first issue as the reason, for bodies and queries alike", async () => {
    for (const [body, reason] of [
      [{ otp: '12345', deviceId: DEVICE }, 'The code has 6 digits'],
      [{ otp: '12345', deviceId: 'x' }, 'The code has 6 digits'],
      [{ otp: '123456', deviceId: 'x' }, 'deviceId: 16-64 URL-safe characters'],
      [{ otp: '123456' }, 'Invalid key: Expected "deviceId" but received undefined'],
      ['text', 'Invalid type: Expected Object but received "text"']
    ] as const) {
      assert.deepEqual(await post('/checked', JSON.stringify(body)), { status: 400, json: { error: 'bad_request', reason } }, JSON.stringify(body))
    }
    const query = await fetch(`${s.url}/query?page=x`)
    assert.deepEqual([query.status, await query.json()], [400, { error: 'bad_request', reason: 'page: a number' }])
  })

  it('reads a missing body as undefined and a JSON null as null, and leaves routes without a body schema alone', async () => {
    assert.deepEqual(await post('/checked'), { status: 400, json: { error: 'bad_request', reason: 'Invalid type: Expected Object but received undefined' } })
    assert.deepEqual(await post('/checked', 'null'), { status: 400, json: { error: 'bad_request', reason: 'Invalid type: Expected Object but received null' } })
    assert.deepEqual(await post('/free'), { status: 200, json: { missing: true } })
  })

  it("refuses a schema that is not valibot's when the route is registered", async () => {
    const app = Fastify({ logger: false })
    app.setValidatorCompiler(secureSiteValidatorCompiler())
    app.post('/json-schema', { schema: { body: { type: 'object', properties: {} } } }, async () => ({}))
    try {
      await assert.rejects(async () => {
        await app.ready()
      }, /POST \/json-schema: the body schema is not a valibot schema/)
    } finally {
      await app.close()
    }
  })
})
