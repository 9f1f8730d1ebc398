import { it } from 'node:test'
import assert from 'node:assert/strict'
import type { ServerResponse } from 'node:http'
import { findFreeFixedPort } from '../freePort.js'
import { listenLoopback } from './listenLoopback.js'

const envelope = (res: ServerResponse) => void res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"internal"}')

it('answers with the handler on 127.0.0.1, and with the 500 envelope when the handler fails before answering', async () => {
  const loopback = await listenLoopback(async (req, res) => {
    if (req.url === '/fail') throw new Error('upstream down')
    res.end(`ok ${req.url}`)
  }, envelope)
  try {
    assert.match(loopback.url, /^http:\/\/127\.0\.0\.1:\d+$/)
    const ok = await fetch(`${loopback.url}/a`)
    assert.equal(ok.status, 200)
    assert.equal(await ok.text(), 'ok /a')
    const failed = await fetch(`${loopback.url}/fail`)
    assert.equal(failed.status, 500)
    assert.deepEqual(await failed.json(), { error: 'internal' })
  } finally {
    await loopback.close()
  }
})

it('leaves a begun answer alone when the handler fails after it, and closes with that request still open', async () => {
  let unhandled = 0
  const loopback = await listenLoopback(
    async (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' })
      res.flushHeaders()
      throw new Error('after the headers')
    },
    () => unhandled++
  )
  const response = await fetch(loopback.url)
  assert.equal(response.status, 200)
  // The body never ends: close() must not wait for it.
  await loopback.close()
  await assert.rejects(response.text())
  assert.equal(unhandled, 0)
})

it('listens on the port asked for, and rejects when it is taken', async () => {
  const port = await findFreeFixedPort()
  const first = await listenLoopback(async (_req, res) => void res.end('first'), envelope, port)
  try {
    assert.equal(first.url, `http://127.0.0.1:${port}`)
    assert.equal(await (await fetch(first.url)).text(), 'first')
    await assert.rejects(
      listenLoopback(async (_req, res) => void res.end(), envelope, port),
      { code: 'EADDRINUSE' }
    )
  } finally {
    await first.close()
  }
})
