import { expect } from 'chai'
import { pacedHeartbeat, type SdkHeartbeat } from './pacedHeartbeat.js'
import { WC_HEARTBEAT_MS } from './constants.js'
import { waitFor } from '../../__fixtures__/devnet.js'

/** The SDK's heartbeat as the pacer sees it: its own interval (stopped or not) and the pulses it emits. */
function fakeSdk(withPulse = true): SdkHeartbeat & { pulses: number; ownIntervalStopped: number } {
  const sdk = { pulses: 0, ownIntervalStopped: 0, stop: () => void sdk.ownIntervalStopped++ }
  return withPulse ? Object.assign(sdk, { pulse: () => void sdk.pulses++ }) : sdk
}

describe('pacedHeartbeat (spec §9 heartbeat)', () => {
  it('beats every 5 s by default, as WalletConnect’s HEARTBEAT_INTERVAL', () => {
    expect(WC_HEARTBEAT_MS).to.equal(5_000)
  })

  it('stops the SDK’s own interval and beats only while something is live', async () => {
    const sdk = fakeSdk()
    let live = false
    const heartbeat = pacedHeartbeat(sdk, 5, () => live)
    expect(sdk.ownIntervalStopped).to.equal(1)
    heartbeat.wake()
    expect(heartbeat.beating()).to.equal(false, 'nothing live: no timer')
    live = true
    heartbeat.wake()
    expect(heartbeat.beating()).to.equal(true)
    await waitFor(() => sdk.pulses >= 3, 2000, 'pulses')
    // Nothing live any more: the next beat stops it, and no pulse goes out then.
    live = false
    await waitFor(() => !heartbeat.beating(), 2000, 'stopped by itself')
    const after = sdk.pulses
    // Woken again once something is live; wake() twice keeps one timer.
    live = true
    heartbeat.wake()
    heartbeat.wake()
    await waitFor(() => sdk.pulses >= after + 2, 2000, 'pulses again')
    heartbeat.stop()
    expect(heartbeat.beating()).to.equal(false)
    heartbeat.wake()
    expect(heartbeat.beating()).to.equal(false, 'stopped for good')
  })

  it('a pulse listener that throws does not stop the beat', async () => {
    let calls = 0
    const sdk: SdkHeartbeat = {
      stop() {},
      pulse() {
        calls++
        throw new Error('listener failed')
      }
    }
    const heartbeat = pacedHeartbeat(sdk, 5, () => true)
    heartbeat.wake()
    await waitFor(() => calls >= 3, 2000, 'beats after a throw')
    heartbeat.stop()
  })

  it('an SDK without pulse() keeps its own interval until stop()', () => {
    const sdk = fakeSdk(false)
    const heartbeat = pacedHeartbeat(sdk, 5, () => false)
    expect(sdk.ownIntervalStopped).to.equal(0)
    expect(heartbeat.beating()).to.equal(true)
    heartbeat.stop()
    expect(sdk.ownIntervalStopped).to.equal(1)
    expect(heartbeat.beating()).to.equal(false)
  })
})
