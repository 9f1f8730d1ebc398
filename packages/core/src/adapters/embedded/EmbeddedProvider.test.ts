// Spec §6 in the embedded wallet's EIP-1193 provider: which requests reach the secure frame and
// which are refused before anything is shown. The frame is a recording stand-in: what the
// provider asks of it is what counts.
import { expect } from 'chai'
import { EmbeddedProvider } from './EmbeddedProvider.js'
import type { FrameClient } from './FrameClient.js'

describe('EmbeddedProvider (spec §6 classification)', () => {
  let asked: { type: string; payload: { method?: string } }[]
  let refused: string[]
  const make = () => {
    asked = []
    refused = []
    const frame = {
      async request(type: string, payload: { method?: string }) {
        asked.push({ type, payload })
        return { result: payload.method === 'net_listening' ? true : {} }
      },
      abortPendingRpc() {}
    }
    return new EmbeddedProvider(frame as unknown as FrameClient, { onRefused: method => refused.push(method), onSignOut() {} })
  }

  it('runs net_listening and wallet_getAssets through the frame silently, like the other reads', async () => {
    const provider = make()
    expect(await provider.request({ method: 'net_listening', params: [] })).to.equal(true)
    await provider.request({ method: 'wallet_getAssets', params: [{ account: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }] })
    expect(asked.map(a => `${a.type} ${a.payload.method}`)).to.deep.equal(['RPC_REQUEST net_listening', 'RPC_REQUEST wallet_getAssets'])
    expect(refused).to.deep.equal([])
  })

  it('refuses permissions (ERC-7715) and site-built user operations before the frame: never shown in Approve, then refused', async () => {
    const provider = make()
    const requests = [
      { method: 'wallet_grantPermissions', params: [{ permissions: [] }] },
      // Revoking anything but eth_accounts (EIP-2255: how a disconnect signs out) is a permission request too.
      { method: 'wallet_revokePermissions', params: [{ permissions: [{ type: 'native-token-recurring-allowance' }] }] },
      { method: 'eth_sendUserOperation', params: [{ sender: '0x0000000000000000000000000000000000000001' }, '0x0000000071727De22E5E9d8BAf0edAc6f37da032'] }
    ]
    for (const request of requests) {
      const error = await provider.request(request).then(
        () => undefined,
        (e: { code?: number; message?: string }) => e
      )
      expect(error, request.method).to.include({ code: 4200, message: 'Requested RPC call is not allowed' })
    }
    expect(asked.filter(a => a.type === 'RPC_REQUEST')).to.deep.equal([])
    expect(refused).to.deep.equal(requests.map(r => r.method))
  })

  it('still signs out on an eth_accounts revocation (how the adapter disconnects any wallet)', async () => {
    const provider = make()
    expect(await provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })).to.equal(null)
    expect(asked.map(a => a.type)).to.deep.equal(['SIGN_OUT'])
    expect(refused).to.deep.equal([])
  })
})
