import type { WalletClient } from '@farcaster/auth-client'
import { privateKeyToAccount } from 'viem/accounts'
import type { DevnetFarcasterAccount } from './devnetFarcasterAccounts.js'
import type { FarcasterChannel } from './FarcasterChannels.js'

/** Why an approval failed: the page's status and title, and auth-client's words. */
export interface FarcasterApprovalRefusal {
  status: 400 | 502
  title: string
  reason: string
}

/**
 * What the Farcaster app does when a person approves a sign-in: builds the standard Sign In With
 * Farcaster message for the channel's parameters with auth-client's wallet client, signs it with
 * the account's custody key, and hands it to the relay (with the relay key) as the app would.
 *
 * @param wallet - auth-client's wallet client, pointed at the relay.
 * @param authKey - The relay key the relay accepts answers with.
 * @param channel - The channel being approved.
 * @param account - The test account approving.
 * @returns Nothing when the relay took the answer, else the refusal.
 * @example
 * const refused = await approveFarcasterSignIn(wallet, authKey, channel, DEVNET_FARCASTER_ACCOUNTS[0])
 */
export async function approveFarcasterSignIn(
  wallet: WalletClient,
  authKey: string,
  channel: FarcasterChannel,
  account: DevnetFarcasterAccount
): Promise<FarcasterApprovalRefusal | undefined> {
  const signer = privateKeyToAccount(account.custodyKey)
  const { siweUri, domain, nonce, notBefore, expirationTime, requestId } = channel.params
  const built = wallet.buildSignInMessage({
    domain,
    nonce,
    uri: siweUri,
    address: signer.address,
    fid: account.fid,
    ...(notBefore ? { notBefore: new Date(notBefore) } : {}),
    ...(expirationTime ? { expirationTime: new Date(expirationTime) } : {}),
    ...(requestId ? { requestId } : {})
  })
  if (built.isError) return { status: 400, title: 'The request could not be signed', reason: built.error?.message ?? '' }
  const signature = await signer.signMessage({ message: built.message })
  const done = await wallet.authenticate({
    channelToken: channel.token,
    authKey,
    message: built.message,
    signature,
    fid: account.fid,
    username: account.username,
    displayName: account.displayName,
    custody: signer.address
  } as never)
  if (done.isError) return { status: 502, title: 'The relay refused the answer', reason: done.error?.message ?? '' }
  return undefined
}
