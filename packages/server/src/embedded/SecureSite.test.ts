import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, it } from 'node:test'
import { createClient, createPublicClient, createWalletClient, encodeFunctionData, erc20Abi, http, parseEther, verifyMessage } from 'viem'
import { getCallsStatus } from 'viem/actions'
import { codeOf, DEVNET_ACCOUNTS, findFreePort, linkOf, startDevnet, startMailSink, type Devnet, type MailSink } from '@wallet-modal/devnet'
import { createServer, KeyVault, type WalletModalServer } from '../internal.js'
import { demoServerConfig } from '../config/demoServerConfig.js'
import { useStarted } from '../__fixtures__/useStarted.js'
import { secureSiteClient } from '../__fixtures__/secureSiteClient.js'
import { EOA_NOT_ATOMIC } from './signingParams.js'

const client = secureSiteClient

interface Started {
  devnet: Devnet
  mail: MailSink
  server: WalletModalServer
  site: string
  close(): Promise<void>
}

async function start(): Promise<Started> {
  const [devnet, mail] = await Promise.all([startDevnet(), startMailSink()])
  const config = demoServerConfig({
    chains: devnet.chains,
    tokens: devnet.tokens,
    accountAbstraction: devnet.accountAbstraction,
    origins: ['http://127.0.0.1:*']
  })
  const server = await createServer({
    config,
    secureSite: {
      mail: { smtpUrl: mail.smtpUrl, from: 'Wallet <wallet@devnet.local>' },
      vault: new KeyVault(new Uint8Array(32).fill(7)),
      mailsPerTenMinutes: 1000
    }
  })
  return {
    devnet,
    mail,
    server,
    site: server.secureSiteUrl!,
    async close() {
      await server.close()
      await mail.close()
      await devnet.stop()
    }
  }
}

const DEVICE = 'device-aaaaaaaaaaaaaaaa'

async function login(s: Started, email: string, device = DEVICE): Promise<string> {
  const since = s.mail.lastId()
  const api = client(s.site)
  const started = await api('/api/email/start', { email, deviceId: device, projectId: 'demo' })
  assert.equal(started.json.action, 'VERIFY_OTP')
  const code = codeOf(await s.mail.waitFor(email, { since }))!
  const verified = await api('/api/email/verify', { email, otp: code, deviceId: device })
  assert.equal(verified.status, 200, JSON.stringify(verified.json))
  return verified.json.token
}

describe('secure site', () => {
  const s = useStarted(start, x => x.close())

  it('logs in by e-mail code, makes an EVM and a Solana account once, and keeps no plaintext key', async () => {
    const token = await login(s, 'Ada@Example.com')
    const me = await client(s.site, token)('/api/user')
    assert.equal(me.json.email, 'ada@example.com')
    assert.match(me.json.addresses.eip155, /^0x[0-9a-fA-F]{40}$/)
    assert.match(me.json.addresses.solana, /^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    // The same person again (after the resend wait is irrelevant: a new address has none) gets the same addresses.
    const exported = await client(s.site, token)('/api/export', {})
    const rows = await s.server.store.query<{ sealed_key: string; address: string }>('SELECT sealed_key, address FROM embedded_keys')
    const dump =
      JSON.stringify((await s.server.store.query('SELECT * FROM embedded_keys')).rows) +
      JSON.stringify((await s.server.store.query('SELECT * FROM embedded_otps')).rows)
    assert.ok(rows.rows.length >= 2)
    assert.ok(!dump.includes(exported.json.eip155.slice(2)), 'the EVM key is not stored in plaintext')
    assert.ok(!dump.toLowerCase().includes(exported.json.eip155.slice(2).toLowerCase()))
    assert.ok(!dump.includes(exported.json.solana), 'the Solana key is not stored in plaintext')
    assert.ok(rows.rows.every(r => r.sealed_key.startsWith('v1.')))
  })

  it('signs a message viem verifies and sends ETH after the approval (the server signs; the chain moves)', async () => {
    const token = await login(s, 'signer@example.com')
    const api = client(s.site, token)
    const me = (await api('/api/user')).json
    const message = 'hello from the secure site'
    const signed = await api('/api/sign', { chainId: 31337, method: 'personal_sign', params: [message, me.addresses.eip155] })
    assert.equal(await verifyMessage({ address: me.addresses.eip155, message, signature: signed.json.result }), true)

    // Fund the new account from the devnet's first account, then send 0.5 ETH away.
    const rpc = s.devnet.chains[0]!.rpcUrl
    await fetch(rpc, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_setBalance', params: [me.addresses.eip155, '0x' + parseEther('2').toString(16)] })
    })
    const to = '0x000000000000000000000000000000000000dEaD'
    const chain = createPublicClient({ transport: http(rpc) })
    const before = await chain.getBalance({ address: to })
    const described = await api('/api/describe', {
      chainId: 'eip155:31337',
      method: 'eth_sendTransaction',
      params: [{ from: me.addresses.eip155, to, value: '0x' + parseEther('0.5').toString(16) }]
    })
    assert.deepEqual(
      described.json.rows.find((r: { label: string }) => r.label === 'Amount'),
      { label: 'Amount', value: '0.5 ETH' }
    )
    assert.ok(described.json.rows.some((r: { label: string }) => r.label.startsWith('Network fee')))
    const sent = await api('/api/sign', {
      chainId: 'eip155:31337',
      method: 'eth_sendTransaction',
      params: [{ from: me.addresses.eip155, to, value: '0x' + parseEther('0.5').toString(16) }]
    })
    assert.match(sent.json.result, /^0x[0-9a-f]{64}$/)
    await chain.waitForTransactionReceipt({ hash: sent.json.result })
    assert.equal((await chain.getBalance({ address: to })) - before, parseEther('0.5'))
  })

  it('signs and sends as the smart account where the chain has them: verifiable before and after its first transaction deploys it', async () => {
    const token = await login(s, 'smart@example.com')
    const api = client(s.site, token)
    const me = (await api('/api/user')).json
    assert.deepEqual(me.smartAccountNetworks, [31337, 31338])
    const smart = (await api('/api/smart-account', { chainId: 31337 })).json
    assert.match(smart.address, /^0x[0-9a-fA-F]{40}$/)
    assert.notEqual(smart.address.toLowerCase(), me.addresses.eip155.toLowerCase())
    assert.equal(smart.deployed, false)
    const rpc = s.devnet.chains[0]!.rpcUrl
    const chain = createPublicClient({ transport: http(rpc) })
    const message = 'sign in as a smart account'
    const sign = () => api('/api/sign', { chainId: 31337, method: 'personal_sign', params: [message, smart.address], accountType: 'smartAccount' })
    // ERC-6492 while counterfactual: viem's verifyMessage deploys it in a simulation to check.
    assert.equal(await chain.verifyMessage({ address: smart.address, message, signature: (await sign()).json.result }), true)

    await fetch(rpc, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_setBalance', params: [smart.address, '0x' + parseEther('2').toString(16)] })
    })
    const to = '0x000000000000000000000000000000000000bEEF'
    const tx = { from: smart.address, to, value: '0x' + parseEther('0.25').toString(16) }
    const described = await api('/api/describe', { chainId: 'eip155:31337', method: 'eth_sendTransaction', params: [tx], accountType: 'smartAccount' })
    assert.deepEqual(described.json.rows[0], { label: 'From', value: `Smart account ${smart.address} (created by this transaction)` })
    // The demo's paymaster pays for the first transaction: no fee is shown, none is taken.
    const fees = (rows: { label: string; value: string }[]) => rows.filter(r => r.label.startsWith('Network fee'))
    assert.deepEqual(fees(described.json.rows), [{ label: 'Network fee', value: "None: this site's operator pays for your account's first transaction" }])
    const before = await chain.getBalance({ address: to })
    const sent = await api('/api/sign', { chainId: 'eip155:31337', method: 'eth_sendTransaction', params: [tx], accountType: 'smartAccount' })
    assert.match(sent.json.result, /^0x[0-9a-f]{64}$/, JSON.stringify(sent.json))
    assert.equal((await chain.getTransactionReceipt({ hash: sent.json.result })).status, 'success')
    assert.equal((await chain.getBalance({ address: to })) - before, parseEther('0.25'))
    assert.equal((await api('/api/smart-account', { chainId: 31337 })).json.deployed, true)
    assert.equal(await chain.getBalance({ address: smart.address }), parseEther('1.75'), 'the account paid no fee for its first transaction')
    const later = await api('/api/describe', { chainId: 'eip155:31337', method: 'eth_sendTransaction', params: [tx], accountType: 'smartAccount' })
    assert.equal(later.json.rows[0].value, `Smart account ${smart.address}`)
    assert.match(fees(later.json.rows)[0]!.label, /^Network fee \(estimated\)$/, 'later transactions show their fee')
    // ERC-1271 once deployed.
    assert.equal(await chain.verifyMessage({ address: smart.address, message, signature: (await sign()).json.result }), true)
    // Not from another account.
    assert.equal(
      (await api('/api/sign', { chainId: 31337, method: 'eth_sendTransaction', params: [{ ...tx, from: me.addresses.eip155 }], accountType: 'smartAccount' }))
        .json.reason,
      'from is not this account'
    )

    // EIP-5792: two calls in one user operation; its status comes from the bundler.
    const other = '0x000000000000000000000000000000000000cafE'
    const batch = await api('/api/sign', {
      chainId: 31337,
      method: 'wallet_sendCalls',
      params: [
        {
          version: '2.0.0',
          chainId: '0x7a69',
          from: smart.address,
          atomicRequired: true,
          calls: [
            { to, value: '0x1' },
            { to: other, value: '0x2' }
          ]
        }
      ],
      accountType: 'smartAccount'
    })
    assert.match(batch.json.result.id, /^0x[0-9a-f]{64}$/, JSON.stringify(batch.json))
    const status = (await api('/api/rpc', { chainId: 31337, method: 'wallet_getCallsStatus', params: [batch.json.result.id] })).json.result
    assert.equal(status.status, 200)
    assert.equal(status.atomic, true)
    assert.equal(status.receipts.length, 1)
    assert.equal((await chain.getTransactionReceipt({ hash: status.receipts[0].transactionHash })).status, 'success')
    assert.equal(await chain.getBalance({ address: other }), 2n)
    assert.equal(
      (await api('/api/rpc', { chainId: 31337, method: 'wallet_getCallsStatus', params: [`0x${'12'.repeat(32)}`] })).json.reason,
      'Unknown bundle id'
    )
    // The key's own account cannot make several calls atomically.
    const eoaBatch = await api('/api/sign', {
      chainId: 31337,
      method: 'wallet_sendCalls',
      params: [
        {
          calls: [
            { to, value: '0x1' },
            { to: other, value: '0x1' }
          ]
        }
      ],
      accountType: 'eoa'
    })
    assert.equal(eoaBatch.json.reason, EOA_NOT_ATOMIC)
  })

  it("sends a batch from the key's own account one call after another when the site allows it (EIP-5792 atomicRequired false), stopping at a failing call", async () => {
    const token = await login(s, 'sequential@example.com')
    const api = client(s.site, token)
    const me = (await api('/api/user')).json
    const rpc = s.devnet.chains[0]!.rpcUrl
    await fetch(rpc, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_setBalance', params: [me.addresses.eip155, '0x' + parseEther('1').toString(16)] })
    })
    const chain = createPublicClient({ transport: http(rpc) })
    const [a, b] = ['0x000000000000000000000000000000000000a001', '0x000000000000000000000000000000000000b002'] as const
    const batch = (calls: unknown[], atomicRequired = false) => ({
      chainId: 31337,
      method: 'wallet_sendCalls',
      params: [{ version: '2.0.0', chainId: '0x7a69', from: me.addresses.eip155, atomicRequired, calls }],
      accountType: 'eoa'
    })

    // Approve says how they go; the signing sends two transactions, in order.
    const described = await api(
      '/api/describe',
      batch([
        { to: a, value: '0x5' },
        { to: b, value: '0x7' }
      ])
    )
    assert.equal(described.json.title, 'Approve 2 calls, one after another')
    const sent = await api(
      '/api/sign',
      batch([
        { to: a, value: '0x5' },
        { to: b, value: '0x7' }
      ])
    )
    assert.equal(sent.status, 200, JSON.stringify(sent.json))
    const id = sent.json.result.id as `0x${string}`
    const status = (await api('/api/rpc', { chainId: 31337, method: 'wallet_getCallsStatus', params: [id] })).json.result
    assert.equal(status.status, 200)
    assert.equal(status.atomic, false)
    assert.equal(status.chainId, '0x7a69')
    assert.equal(status.receipts.length, 2)
    const [first, second] = await Promise.all(status.receipts.map((r: { transactionHash: `0x${string}` }) => chain.getTransaction({ hash: r.transactionHash })))
    assert.deepEqual([first!.to, first!.value, second!.to, second!.value], [a, 5n, b, 7n])
    assert.equal(second!.nonce, first!.nonce + 1)
    assert.deepEqual([await chain.getBalance({ address: a }), await chain.getBalance({ address: b })], [5n, 7n])
    // viem reads the id itself (its own one-transaction-per-call format), without asking the wallet.
    assert.equal((await getCallsStatus(createClient({ transport: http(rpc) }), { id })).status, 'success')

    // A call the network refuses (a token transfer of tokens the account does not hold): the one
    // before it stays done, the one after it is not sent, and the status says so (600).
    const overdraw = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [b, 10n ** 30n] })
    const partial = await api(
      '/api/sign',
      batch([
        { to: a, value: '0x1' },
        { to: s.devnet.tokens.DUSD, data: overdraw },
        { to: b, value: '0x1' }
      ])
    )
    assert.equal(partial.status, 200, JSON.stringify(partial.json))
    const after = (await api('/api/rpc', { chainId: 31337, method: 'wallet_getCallsStatus', params: [partial.json.result.id] })).json.result
    assert.equal(after.status, 600)
    assert.equal(after.receipts.length, 1)
    assert.deepEqual([await chain.getBalance({ address: a }), await chain.getBalance({ address: b })], [6n, 7n])

    // A batch that must be atomic is refused by Approve and by the signing; nothing moves.
    assert.equal(
      (
        await api(
          '/api/describe',
          batch(
            [
              { to: a, value: '0x1' },
              { to: b, value: '0x1' }
            ],
            true
          )
        )
      ).json.refused,
      EOA_NOT_ATOMIC
    )
    assert.equal(
      (
        await api(
          '/api/sign',
          batch(
            [
              { to: a, value: '0x1' },
              { to: b, value: '0x1' }
            ],
            true
          )
        )
      ).json.reason,
      EOA_NOT_ATOMIC
    )
    assert.equal(await chain.getBalance({ address: a }), 6n)
  })

  it("answers wallet_getAssets (EIP-7811) with the account's coin and tokens on the chains served, and net_listening", async () => {
    const token = await login(s, 'assets@example.com')
    const api = client(s.site, token)
    const me = (await api('/api/user')).json
    assert.deepEqual(me.evmNetworks, [31337, 31338])
    const rpc = s.devnet.chains[0]!.rpcUrl
    await fetch(rpc, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_setBalance', params: [me.addresses.eip155, '0x' + parseEther('2').toString(16)] })
    })
    const chain = createPublicClient({ transport: http(rpc) })
    const dusd = s.devnet.tokens.DUSD as `0x${string}`
    const funder = createWalletClient({ account: DEVNET_ACCOUNTS[1]!, transport: http(rpc) })
    await chain.waitForTransactionReceipt({
      hash: await funder.writeContract({ address: dusd, abi: erc20Abi, functionName: 'transfer', args: [me.addresses.eip155, 3_500_000n], chain: null })
    })

    const answer = await api('/api/rpc', { chainId: 31337, method: 'wallet_getAssets', params: [{ account: me.addresses.eip155, chainFilter: ['0x7a69'] }] })
    assert.equal(answer.status, 200, JSON.stringify(answer.json))
    assert.deepEqual(Object.keys(answer.json.result), ['0x7a69'])
    const assets = answer.json.result['0x7a69'] as { address: string; balance: string; type: string; metadata: Record<string, unknown> }[]
    const native = assets.find(a => a.type === 'NATIVE')!
    assert.equal(native.address, 'native')
    assert.equal(BigInt(native.balance), parseEther('2'))
    assert.deepEqual(
      { ...native.metadata, price: undefined, value: undefined },
      { name: 'Ether', symbol: 'ETH', decimals: 18, price: undefined, value: undefined }
    )
    assert.equal(native.metadata.price, 3000, 'priced as the balance route prices it')
    const token20 = assets.find(a => a.type === 'ERC20' && a.address.toLowerCase() === dusd.toLowerCase())!
    assert.equal(BigInt(token20.balance), 3_500_000n)
    assert.equal(token20.metadata.symbol, 'DUSD')
    assert.equal(token20.metadata.decimals, 6)
    // Every served chain without a filter; the spec's own validity rule holds for each asset.
    const all = (await api('/api/rpc', { chainId: 31337, method: 'wallet_getAssets', params: [{ account: me.addresses.eip155 }] })).json.result
    assert.deepEqual(Object.keys(all).sort(), ['0x7a69', '0x7a6a'])
    for (const asset of Object.values(all).flat() as typeof assets) {
      assert.ok(
        typeof asset.address === 'string' &&
          /^0x[0-9a-f]*$/i.test(asset.balance) &&
          ['ERC20', 'NATIVE'].includes(asset.type) &&
          typeof asset.metadata.decimals === 'number',
        JSON.stringify(asset)
      )
    }
    assert.equal((await api('/api/rpc', { chainId: 31337, method: 'wallet_getAssets', params: [{ account: 'me' }] })).status, 400)
    // net_listening runs silently too (spec §7; the RPC proxy allows it).
    assert.deepEqual((await api('/api/rpc', { chainId: 31337, method: 'net_listening', params: [] })).json, { result: true })
  })

  it('refuses methods outside spec §6 and calls without a session', async () => {
    const token = await login(s, 'refused@example.com')
    const api = client(s.site, token)
    assert.equal((await api('/api/sign', { chainId: 31337, method: 'eth_sign', params: [] })).json.reason, 'Requested RPC call is not allowed')
    // Spec §6's permissions and user operations: refused before Approve (this wallet cannot perform them).
    for (const method of ['wallet_grantPermissions', 'wallet_revokePermissions', 'eth_sendUserOperation']) {
      for (const path of ['/api/describe', '/api/sign']) {
        const refused = await api(path, { chainId: 31337, method, params: [{}] })
        assert.deepEqual([refused.status, refused.json.reason], [403, 'Requested RPC call is not allowed'], `${method} ${path}`)
      }
    }
    assert.equal((await api('/api/rpc', { chainId: 31337, method: 'anvil_setBalance', params: [] })).status, 403)
    assert.equal((await client(s.site)('/api/user')).status, 401)
    assert.equal((await client(s.site)('/api/user')).json.reason, 'Not connected to email or social')
    // Another origin's page cannot use the API even with a token.
    assert.equal((await api('/api/user', undefined, { origin: 'http://127.0.0.1:1' })).status, 403)
  })

  it('5 wrong codes kill the code; an expired or resent-too-early code is refused with what to do', async () => {
    const api = client(s.site)
    const email = 'wrong@example.com'
    const since = s.mail.lastId()
    await api('/api/email/start', { email, deviceId: DEVICE, projectId: 'demo' })
    const code = codeOf(await s.mail.waitFor(email, { since }))!
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 4; i++) assert.match((await api('/api/email/verify', { email, otp: wrong, deviceId: DEVICE })).json.reason, /^Invalid code/)
    assert.equal((await api('/api/email/verify', { email, otp: wrong, deviceId: DEVICE })).json.reason, 'Too many wrong codes: ask for a new code')
    // The right code no longer works either.
    assert.match((await api('/api/email/verify', { email, otp: code, deviceId: DEVICE })).json.reason, /ask for a new code/)
    // A new code within 30 s is refused with the spec's words.
    const again = await api('/api/email/start', { email, deviceId: DEVICE, projectId: 'demo' })
    assert.equal(again.status, 429)
    assert.match(again.json.reason, /^Please try again after ([1-9]|[12]\d|30) seconds$/)
    // Expired: a fresh code whose stored expiry is moved into the past.
    const late = 'late@example.com'
    const since2 = s.mail.lastId()
    await api('/api/email/start', { email: late, deviceId: DEVICE, projectId: 'demo' })
    const lateCode = codeOf(await s.mail.waitFor(late, { since: since2 }))!
    await s.server.store.query("UPDATE embedded_otps SET expires_at = now() - interval '1 second' WHERE email = $1", [late])
    assert.equal((await api('/api/email/verify', { email: late, otp: lateCode, deviceId: DEVICE })).json.reason, 'This code has expired: ask for a new code')
  })

  it('a known address on a new device is approved from an e-mailed link before the code', async () => {
    const email = 'devices@example.com'
    await login(s, email)
    const api = client(s.site)
    const other = 'device-bbbbbbbbbbbbbbbb'
    const since = s.mail.lastId()
    assert.equal((await api('/api/email/start', { email, deviceId: other, projectId: 'demo' })).json.action, 'VERIFY_DEVICE')
    assert.equal((await api('/api/device/status', { email, deviceId: other })).json.approved, false)
    const link = linkOf(await s.mail.waitFor(email, { since }))!
    assert.ok(link.startsWith(`${s.site}/device?token=`))
    // Opening the link alone approves nothing (mail scanners fetch links).
    await fetch(link)
    assert.equal((await api('/api/device/status', { email, deviceId: other })).json.approved, false)
    const approved = await fetch(`${s.site}/device`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `token=${new URL(link).searchParams.get('token')}`
    })
    assert.equal(approved.status, 200)
    assert.match(await approved.text(), /Device approved/)
    assert.equal((await api('/api/device/status', { email, deviceId: other })).json.approved, true)
    // The link works once.
    const reused = await fetch(`${s.site}/device`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `token=${new URL(link).searchParams.get('token')}`
    })
    assert.equal(reused.status, 400)
  })

  it("serves its pages only to the project's origins, with frame-ancestors and no inline script", async () => {
    const ok = await fetch(`${s.site}/frame?projectId=demo&origin=${encodeURIComponent('http://127.0.0.1:5173')}`)
    assert.equal(ok.status, 200)
    const csp = ok.headers.get('content-security-policy') ?? ''
    assert.match(csp, /frame-ancestors http:\/\/127\.0\.0\.1:\*/)
    assert.match(csp, /script-src 'self'/)
    assert.ok(!(await ok.text()).match(/<script>(?!<)/))
    assert.equal((await fetch(`${s.site}/frame?projectId=demo&origin=${encodeURIComponent('https://evil.example')}`)).status, 403)
    assert.equal((await fetch(`${s.site}/frame?projectId=nope&origin=${encodeURIComponent('http://127.0.0.1:5173')}`)).status, 403)
  })

  it('the project configuration tells the modal where the secure site is', async () => {
    const r = await fetch(`${s.server.url}/appkit/v1/config?projectId=demo&st=wallet-modal&sv=test`)
    const { features } = (await r.json()) as { features: { id: string; isEnabled: boolean; config: unknown }[] }
    assert.deepEqual(
      features.find(f => f.id === 'email'),
      { id: 'email', isEnabled: true, config: { secureSiteUrl: s.site } }
    )
  })

  it('a failed send leaves nothing behind and says why (SMTP down)', async () => {
    const port = await findFreePort()
    const devnetConfig = demoServerConfig({ chains: s.devnet.chains, tokens: s.devnet.tokens, origins: ['http://127.0.0.1:*'] })
    const down = await createServer({
      config: devnetConfig,
      secureSite: { mail: { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'w@x.y' }, vault: new KeyVault(new Uint8Array(32).fill(1)) }
    })
    try {
      const r = await client(down.secureSiteUrl!)('/api/email/start', { email: 'nomail@example.com', deviceId: DEVICE, projectId: 'demo' })
      assert.equal(r.status, 503)
      assert.match(r.json.reason, /^Could not send the e-mail: /)
      const left = await down.store.query('SELECT (SELECT count(*) FROM embedded_otps)::int AS otps, (SELECT count(*) FROM embedded_users)::int AS users')
      assert.deepEqual(left.rows[0], { otps: 0, users: 0 })
      // No cooldown either: the next try may send at once.
      const retry = await client(down.secureSiteUrl!)('/api/email/start', { email: 'nomail@example.com', deviceId: DEVICE, projectId: 'demo' })
      assert.equal(retry.status, 503)
    } finally {
      await down.close()
    }
  })

  it('a restart keeps every account: the same login gets the same addresses; another KEK opens nothing', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wm-secure-'))
    const config = demoServerConfig({ chains: s.devnet.chains, tokens: s.devnet.tokens, origins: ['http://127.0.0.1:*'] })
    const kek = new Uint8Array(32).fill(9)
    const start = (key: Uint8Array) =>
      createServer({ config, dataDir, secureSite: { mail: { smtpUrl: s.mail.smtpUrl, from: 'w@x.y' }, vault: new KeyVault(key), mailsPerTenMinutes: 1000 } })
    const email = 'restart@example.com'
    const loginOn = async (server: WalletModalServer) => {
      const since = s.mail.lastId()
      const api = client(server.secureSiteUrl!)
      await api('/api/email/start', { email, deviceId: DEVICE, projectId: 'demo' })
      const code = codeOf(await s.mail.waitFor(email, { since }))!
      const token = (await api('/api/email/verify', { email, otp: code, deviceId: DEVICE })).json.token as string
      return { token, user: (await client(server.secureSiteUrl!, token)('/api/user')).json }
    }
    try {
      const first = await start(kek)
      const before = await loginOn(first).finally(() => first.close())
      const second = await start(kek)
      try {
        // The old session still works after the restart, and a new login lands on the same account.
        assert.deepEqual((await client(second.secureSiteUrl!, before.token)('/api/user')).json.addresses, before.user.addresses)
        await second.store.query("UPDATE embedded_otps SET sent_at = now() - interval '1 minute'")
        const again = await loginOn(second)
        assert.deepEqual(again.user.addresses, before.user.addresses)
        const signed = await client(second.secureSiteUrl!, again.token)('/api/sign', {
          chainId: 31337,
          method: 'personal_sign',
          params: ['after a restart', again.user.addresses.eip155]
        })
        assert.equal(await verifyMessage({ address: again.user.addresses.eip155, message: 'after a restart', signature: signed.json.result }), true)
      } finally {
        await second.close()
      }
      // Started with another key-encryption key: the stored keys do not open, and it says why.
      const wrong = await start(new Uint8Array(32).fill(10))
      try {
        const r = await client(wrong.secureSiteUrl!, before.token)('/api/sign', {
          chainId: 31337,
          method: 'personal_sign',
          params: ['x', before.user.addresses.eip155]
        })
        assert.equal(r.status, 500)
      } finally {
        await wrong.close()
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
