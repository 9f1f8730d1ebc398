import type { Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

/** A Farcaster account a tester can approve as on the stand-in's page. */
export interface DevnetFarcasterAccount {
  fid: number
  username: string
  displayName: string
  /** The custody key that signs its Sign In With Farcaster messages (test key: never use with value). */
  custodyKey: Hex
}

/**
 * The test Farcaster accounts (their custody addresses are what the secure site checks against).
 *
 * @example DEVNET_FARCASTER_ACCOUNTS[0].username // 'alice.devnet'
 */
export const DEVNET_FARCASTER_ACCOUNTS: readonly DevnetFarcasterAccount[] = [
  { fid: 1001, username: 'alice.devnet', displayName: 'Alice Devnet', custodyKey: '0x8f2a55949038a9610f50fb23b5883af3b4ecb3c3bb792cbcefbd1542c692be63' },
  { fid: 1002, username: 'bob.devnet', displayName: 'Bob Devnet', custodyKey: '0xc87509a1c067bbde78beb793e6fa76530b6382a4c0241e5e4a9ec0a0f44dc0d3' }
]

/**
 * The custody address of each test account, by fid (what the secure site is configured with on the devnet).
 *
 * @example devnetFarcasterCustody()[1001] // '0x…' (alice.devnet's custody address)
 */
export const devnetFarcasterCustody = (): Record<number, string> =>
  Object.fromEntries(DEVNET_FARCASTER_ACCOUNTS.map(a => [a.fid, privateKeyToAccount(a.custodyKey).address]))
