import assert from 'node:assert/strict'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before, test } from 'node:test'
import { allowListedCcipRequest, gatewayAllowed } from './allowListedCcipRequest.js'

const SENDER = '0x1111111111111111111111111111111111111111'
let server: Server
let base: string
const seen: { method: string; url: string; body: string }[] = []

before(async () => {
  server = createServer((req, res) => {
    let body = ''
    req.on('data', chunk => (body += chunk))
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, body })
      if (req.url!.startsWith('/ok')) return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: '0xabcd' }))
      if (req.url!.startsWith('/down')) return res.writeHead(503).end('down')
      if (req.url!.startsWith('/bad')) return res.writeHead(400).end('{"message":"bad"}')
      if (req.url!.startsWith('/redirect')) return res.writeHead(302, { location: 'http://169.254.169.254/latest' }).end()
      if (req.url!.startsWith('/huge')) return res.writeHead(200).end(JSON.stringify({ data: `0x${'00'.repeat(100_000)}` }))
      if (req.url!.startsWith('/slow')) return // never answers
      res.writeHead(404).end()
    })
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
after(() => {
  server.closeAllConnections()
  server.close()
})

test('gatewayAllowed: the same origin and a path under the entry, nothing that only looks like it', () => {
  const allowed = ['https://gw.example.com/ccip/']
  assert.equal(gatewayAllowed('https://gw.example.com/ccip/{sender}/{data}.json', allowed), true)
  assert.equal(gatewayAllowed('https://gw.example.com/other/{data}', allowed), false)
  assert.equal(gatewayAllowed('https://gw.example.com.evil.test/ccip/', allowed), false)
  assert.equal(gatewayAllowed('https://gw.example.com@evil.test/ccip/', allowed), false)
  assert.equal(gatewayAllowed('https://user@gw.example.com/ccip/', allowed), false)
  assert.equal(gatewayAllowed('http://gw.example.com/ccip/', allowed), false)
  assert.equal(gatewayAllowed('not a url', allowed), false)
})

test('allowListedCcipRequest: GET with {sender}/{data}, POST otherwise, the answer data returned', async () => {
  const request = allowListedCcipRequest([`${base}/ok`], 2000)
  assert.equal(await request({ data: '0x1234', sender: SENDER, urls: [`${base}/ok/{sender}/{data}.json`] }), '0xabcd')
  assert.deepEqual(seen.at(-1), { method: 'GET', url: `/ok/${SENDER}/0x1234.json`, body: '' })
  assert.equal(await request({ data: '0x1234', sender: SENDER, urls: [`${base}/ok/post`] }), '0xabcd')
  assert.deepEqual(JSON.parse(seen.at(-1)!.body), { data: '0x1234', sender: SENDER })
})

test('allowListedCcipRequest: a gateway outside the list is never asked', async () => {
  const before = seen.length
  const request = allowListedCcipRequest(['https://gw.example.com/'], 2000)
  await assert.rejects(request({ data: '0x12', sender: SENDER, urls: [`${base}/ok/{data}`] }), /CCIP-Read gateway not allowed/)
  assert.equal(seen.length, before)
})

test('allowListedCcipRequest: a 5xx tries the next gateway; a 4xx, a redirect, a huge or late answer fail', async () => {
  const request = allowListedCcipRequest([base + '/'], 300)
  assert.equal(await request({ data: '0x12', sender: SENDER, urls: [`${base}/down/{data}`, `${base}/ok/{data}`] }), '0xabcd')
  await assert.rejects(request({ data: '0x12', sender: SENDER, urls: [`${base}/bad/{data}`, `${base}/ok/{data}`] }), /answered 400/)
  await assert.rejects(request({ data: '0x12', sender: SENDER, urls: [`${base}/redirect/{data}`] }))
  await assert.rejects(request({ data: '0x12', sender: SENDER, urls: [`${base}/huge/{data}`] }), /over 65536 bytes/)
  await assert.rejects(request({ data: '0x12', sender: SENDER, urls: [`${base}/slow/{data}`] }), /abort|timeout/i)
})
