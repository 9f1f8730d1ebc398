import { it } from 'node:test'
import assert from 'node:assert/strict'
import { createServer } from 'node:net'
import { findFreeFixedPort } from './freePort.js'

it('findFreeFixedPort gives a port below the ephemeral range that can be bound', async () => {
  const port = await findFreeFixedPort()
  assert.ok(port >= 20_000 && port < 32_000, String(port))
  const server = createServer()
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve))
  await new Promise<void>(resolve => server.close(() => resolve()))
})
