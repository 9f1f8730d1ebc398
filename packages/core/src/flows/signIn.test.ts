// Sign-in with the wallet (SIWX) against the devnet: the Devnet Wallet signs (personal_sign on
// anvil), signatures are checked with viem, and the service-backed SIWX talks to the real
// wallet-modal server's session endpoints.
import { expect } from 'chai'
import { parseSiweMessage } from 'viem/siwe'
import { verifyMessage } from 'viem'
import type { Core } from '../createCore.js'
import { createCore } from '../createCore.js'
import { walletFeatures } from './walletFeatures.js'
import { cancelSignIn, signIn } from './signIn.js'
import { formatSIWXMessage } from '../siwx/formatSIWXMessage.js'
import { createLocalSIWX } from '../siwx/createLocalSIWX.js'
import { createServiceSIWX, SERVICE_SIWX_KEY } from '../siwx/createServiceSIWX.js'
import type { SIWXConfig } from '../siwx/SIWXConfig.js'
import { connectedDevnetCore, devnetNetworks, getDevnet, memoryStorage, setFault, waitFor, type DevnetInfo } from '../__fixtures__/devnet.js'

/** Lists the wallet's sessions on the service with a session token, as a site's page or backend would. */
async function listWithToken(info: DevnetInfo, token: string): Promise<{ status: number; ids: string[] }> {
  const response = await fetch(new URL(`/v1/sessions/${info.walletAccount}?projectId=demo&st=test&sv=test&chainId=eip155:31337`, info.serviceUrl), {
    headers: { authorization: `Bearer ${token}` }
  })
  const body = (await response.json()) as { sessions?: { id: string }[] }
  return { status: response.status, ids: (body.sessions ?? []).map(x => x.id) }
}

describe('SIWX messages', () => {
  const fields = {
    domain: 'example.com:8080',
    accountAddress: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    statement: 'Sign in.',
    uri: 'https://example.com:8080',
    version: '1' as const,
    chainId: 'eip155:31337' as const,
    nonce: 'abcdefgh12345678',
    issuedAt: '2026-11-22T10:00:00.000Z',
    expirationTime: '2026-11-23T10:00:00.000Z',
    resources: ['https://example.com/terms']
  }
  it('formats EIP-4361 on eip155 (viem parses it back field for field)', () => {
    const parsed = parseSiweMessage(formatSIWXMessage(fields))
    expect(parsed.domain).to.equal(fields.domain)
    expect(parsed.address).to.equal(fields.accountAddress)
    expect(parsed.chainId).to.equal(31337)
    expect(parsed.nonce).to.equal(fields.nonce)
    expect(parsed.statement).to.equal('Sign in.')
    expect(parsed.expirationTime?.toISOString()).to.equal(fields.expirationTime)
    expect(parsed.resources).to.deep.equal(fields.resources)
  })
  it('formats the CAIP-122 form for Solana and Bitcoin, with the CAIP-2 reference as Chain ID', () => {
    const text = formatSIWXMessage({ ...fields, accountAddress: 'CCM39Xn', chainId: 'solana:7hrtRAVM2hh9hwSaJAbFvTKEXE4jJGjb' })
    expect(text.split('\n').slice(0, 4)).to.deep.equal(['example.com:8080 wants you to sign in with your Solana account:', 'CCM39Xn', '', 'Sign in.'])
    expect(text).to.include('\nChain ID: 7hrtRAVM2hh9hwSaJAbFvTKEXE4jJGjb\n')
    expect(text).to.include('\nResources:\n- https://example.com/terms')
    expect(formatSIWXMessage({ ...fields, chainId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328' })).to.match(
      /^example\.com:8080 wants you to sign in with your Bitcoin account:/
    )
  })
})

describe('sign-in flow (devnet)', () => {
  let info: DevnetInfo
  let made: Awaited<ReturnType<typeof connectedDevnetCore>> | undefined
  before(async () => {
    info = await getDevnet()
  })
  afterEach(() => {
    made?.stop()
    made = undefined
  })
  const connectWith = async (siwx: SIWXConfig) => {
    made = await connectedDevnetCore(info, { extra: { siwx } })
    return made.core
  }
  const onSignIn = (core: Core) => waitFor(() => core.modal.state.open && core.router.state.view === 'SIWXSignMessage', 5000, 'SIWXSignMessage')

  it("refuses siweConfig with siwx at start, and signIn without either: 'SIWX is not enabled'", async () => {
    const siweConfig = {
      getNonce: async () => 'n',
      createMessage: () => '',
      verifyMessage: async () => true,
      getSession: async () => null,
      signOut: async () => true
    }
    expect(() => createCore({ projectId: 'demo', networks: devnetNetworks(info), siwx: createLocalSIWX({ storage: memoryStorage() }), siweConfig })).to.throw(
      'siweConfig and siwx options cannot both be set'
    )
    const plain = createCore({ projectId: 'demo', networks: devnetNetworks(info), storage: memoryStorage(), enableInjected: false })
    const err = await plain.signIn().catch(e => e)
    expect(err.shortMessage).to.equal('SIWX is not enabled')
    plain.destroy()
  })

  it('opens SIWXSignMessage after connecting; signing stores a session the wallet really signed, and closes', async () => {
    const storage = memoryStorage()
    const siwx = createLocalSIWX({ storage })
    const core = await connectWith(siwx)
    await onSignIn(core)
    const events: string[] = []
    core.subscribeEvents(e => events.push(e.type))
    await signIn(core)
    expect(core.modal.state.open).to.equal(false)
    expect(events).to.include('SIWX_AUTH_SUCCESS')
    const [session] = await siwx.getSessions('eip155:31337', info.walletAccount)
    expect(session, 'a session').to.not.equal(undefined)
    expect(
      await verifyMessage({ address: info.walletAccount as `0x${string}`, message: session!.message, signature: session!.signature as `0x${string}` })
    ).to.equal(true)
    expect(parseSiweMessage(session!.message).domain).to.equal(location.host)
  })

  it("a declined signature says 'Signature declined' and shows the view again; optional Cancel just closes", async () => {
    const core = await connectWith(createLocalSIWX({ storage: memoryStorage() }))
    await onSignIn(core)
    made!.wallet.setMode('reject')
    const err = await signIn(core).catch(e => e)
    expect(err.shortMessage).to.equal('Signature declined')
    expect(walletFeatures(core).siwx.state.error).to.equal('Signature declined')
    expect(core.router.state.view).to.equal('SIWXSignMessage')
    expect(core.modal.state.open).to.equal(true)
    await cancelSignIn(core)
    expect(core.modal.state.open).to.equal(false)
    expect(core.getAccount().isConnected).to.equal(true)
  })

  it("a smart account's signature the site cannot verify (plain ecrecover) says 'This application might not support Smart Accounts'; an EOA's says why", async () => {
    // A site on siweConfig whose check is ecrecover: a smart account's ERC-1271 signature fails it.
    const siweConfig = {
      getNonce: async () => 'abcdefgh12345678',
      createMessage: () => '',
      verifyMessage: async () => false,
      getSession: async () => null,
      signOut: async () => true
    }
    made = await connectedDevnetCore(info, { extra: { siweConfig } })
    const core = made.core
    await onSignIn(core)
    const failed = await signIn(core).catch(e => e)
    expect(failed.shortMessage).to.not.equal('This application might not support Smart Accounts')
    expect(walletFeatures(core).siwx.state.error).to.equal(failed.shortMessage)
    // The same refusal for a smart account (the embedded wallet's type on eip155).
    core.chain.setAccount('eip155', { accountType: 'smartAccount' })
    await signIn(core).catch(() => undefined)
    expect(walletFeatures(core).siwx.state.error).to.equal('This application might not support Smart Accounts')
    // The banner shows it once the previous one (the first refusal) has made way.
    await waitFor(() => core.snack.state.open && core.snack.state.message === 'This application might not support Smart Accounts', 2000, 'the warning')
  })

  it('required: Cancel disconnects', async () => {
    const core = await connectWith(createLocalSIWX({ storage: memoryStorage(), required: true }))
    await onSignIn(core)
    await cancelSignIn(core)
    expect(core.getAccount().isConnected).to.equal(false)
  })

  /** Connects with a service-backed SIWX on fresh storage and signs in; resolves with the stored session. */
  async function signedInThroughService() {
    const storage = memoryStorage()
    const siwx = createServiceSIWX({ serviceUrl: info.serviceUrl, projectId: 'demo', storage })
    const core = await connectWith(siwx)
    await onSignIn(core)
    await signIn(core)
    const [mine] = await siwx.getSessions('eip155:31337', info.walletAccount)
    return { storage, siwx, core, mine }
  }

  it('service-backed: the server keeps the session; a reload asks nothing; revoking makes the next connect ask again', async () => {
    const { storage, mine } = await signedInThroughService()
    expect(mine!.token, 'the service issued a token').to.match(/^wms_/)
    const listed = await listWithToken(info, mine!.token!)
    expect(listed.status).to.equal(200)
    expect(listed.ids, 'the server lists the session to its token').to.include(mine!.id)

    // A second page on the same storage: reconnect finds the session, no prompt.
    made!.stop()
    made = await connectedDevnetCore(info, { extra: { siwx: createServiceSIWX({ serviceUrl: info.serviceUrl, projectId: 'demo', storage }) } })
    // The connect's sign-in check has found the session (it prompts instead when it finds none).
    const siwxState = walletFeatures(made.core).siwx.state
    await waitFor(() => siwxState.lastSignedAddress && siwxState.status === 'idle', 5000, 'the sign-in check')
    expect(made.core.router.state.view === 'SIWXSignMessage' && made.core.modal.state.open, 'no prompt').to.equal(false)

    await made.core.signOut()
    expect(siwxState.lastSignedAddress, 'signing out forgets the signed-in account').to.equal(undefined)
    expect((await listWithToken(info, mine!.token!)).status, 'signing out ended the session: its token stopped working').to.equal(401)
    made.stop()
    made = await connectedDevnetCore(info, { extra: { siwx: createServiceSIWX({ serviceUrl: info.serviceUrl, projectId: 'demo', storage }) } })
    await onSignIn(made.core)
  })

  it('drops a stored session the service does not confirm with its token (revoked elsewhere, or a token made up in storage)', async () => {
    const { storage, siwx, mine } = await signedInThroughService()
    // Storage edited by hand (or by a script on the page): a made-up token confirms nothing.
    const stored = JSON.parse(storage.getItem(SERVICE_SIWX_KEY)!) as { token: string }[]
    storage.setItem(SERVICE_SIWX_KEY, JSON.stringify(stored.map(x => ({ ...x, token: `wms_${'A'.repeat(43)}` }))))
    expect(await siwx.getSessions('eip155:31337', info.walletAccount)).to.deep.equal([])
    expect(JSON.parse(storage.getItem(SERVICE_SIWX_KEY)!)).to.deep.equal([])
    // The real session, revoked on the service by another tab: dropped here too.
    storage.setItem(SERVICE_SIWX_KEY, JSON.stringify(stored))
    expect((await siwx.getSessions('eip155:31337', info.walletAccount)).map(x => x.id)).to.deep.equal([mine!.id])
    const revoked = await fetch(new URL(`/v1/sessions/${info.walletAccount}/revoke?projectId=demo&st=test&sv=test`, info.serviceUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pci: mine!.id, signature: mine!.signature })
    })
    expect(revoked.status).to.equal(200)
    expect(await siwx.getSessions('eip155:31337', info.walletAccount)).to.deep.equal([])
  })

  it('a failing session service shows its reason in the view, which stays for another try', async () => {
    const core = await connectWith(createServiceSIWX({ serviceUrl: info.serviceUrl, projectId: 'demo', storage: memoryStorage() }))
    await onSignIn(core)
    await setFault(info.serviceUrl, { path: '/v1/sessions', mode: 'status', status: 500 })
    try {
      const err = await signIn(core).catch(e => e)
      expect(err.shortMessage).to.match(/500/)
      expect(walletFeatures(core).siwx.state.error).to.equal(err.shortMessage)
      expect(core.router.state.view).to.equal('SIWXSignMessage')
      expect(core.modal.state.open).to.equal(true)
    } finally {
      await setFault(info.serviceUrl, { path: '/', mode: 'clear' })
    }
    await signIn(core)
    expect(core.modal.state.open).to.equal(false)
  })

  it('disconnecting ends the session on the service too, and never waits more than 3 s for a slow SIWX', async () => {
    const siwx = createServiceSIWX({ serviceUrl: info.serviceUrl, projectId: 'demo', storage: memoryStorage() })
    const core = await connectWith(siwx)
    await onSignIn(core)
    await signIn(core)
    const [mine] = await siwx.getSessions('eip155:31337', info.walletAccount)
    expect((await listWithToken(info, mine!.token!)).ids).to.include(mine!.id)
    await core.disconnect()
    expect((await listWithToken(info, mine!.token!)).status).to.equal(401)

    made!.stop()
    const hanging: SIWXConfig = { ...createLocalSIWX({ storage: memoryStorage() }), setSessions: () => new Promise(() => {}) }
    const slow = await connectWith(hanging)
    const started = Date.now()
    await slow.disconnect()
    expect(Date.now() - started).to.be.lessThan(4000)
    expect(slow.getAccount().isConnected).to.equal(false)
  })
})
