// Smart accounts on the demo, as a newcomer meets them: an e-mail account is a smart account (an
// ERC-4337 WalletModalAccount) on the devnet chains, shown before it exists; its first send deploys
// it through the server's bundler (code at the address afterwards), the second reuses it; Account
// switches to the key's own account (EOA), which sends a plain transaction, and back, remembered
// over a reload; it sends a batch of two ERC-20 transfers approved once (EIP-5792); and it signs in
// (SIWX) with the smart account, the server verifying the signature before deployment (ERC-6492)
// and after (ERC-1271). A new account's first transaction is free: the operator's paymaster pays,
// so it sends the DUSD it was given while holding no ETH.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { Page } from 'playwright-core'
import { createPublicClient, http, parseAbi } from 'viem'
import {
  approveFrame,
  codeFromMailbox,
  connectButton,
  dialog,
  fillSend,
  harnessPerFile,
  heading,
  loginByEmail,
  newEmail,
  openSend,
  otpFrame,
  previewSend,
  rpc,
  withPage,
  approveRequest
} from './harness.js'

// Devnet 2 has no smart accounts here: the account there is the key's own.
const h = harnessPerFile({ smartAccountsOnlyOn: [31337] })
const ENTRY_POINT = '0x610178dA211FEF7D417bC0e6FeD39F05609AD788'
const RECEIVER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const DUSD = '0x5FbDB2315678afecb367f032d93F642f64180aa3'

const address = (page: Page) => page.evaluate(() => (window as any).walletModal.getAccount('eip155').address as string)
const codeAt = async (at: string) => (await rpc<string>(h.rpc[31337]!, 'eth_getCode', [at, 'latest'])).length > 2
const nonceOf = (at: string) =>
  createPublicClient({ transport: http(h.rpc[31337]!) }).readContract({
    address: ENTRY_POINT,
    abi: parseAbi(['function getNonce(address, uint192) view returns (uint256)']),
    functionName: 'getNonce',
    args: [at as `0x${string}`, 0n]
  })

/** The demo's faucet button: 1 test ETH more for the connected account. */
async function faucet(page: Page): Promise<void> {
  await page.locator('#faucet').click()
  await page
    .locator('#sent')
    .filter({ hasText: /^Added 1 test ETH/ })
    .waitFor()
}

/** Account → Send 0.01 ETH to the devnet's third account → Approve in the secure frame; returns the frame's "From" line. */
async function sendFromAccount(page: Page): Promise<string> {
  const before = BigInt(await rpc<string>(h.rpc[31337]!, 'eth_getBalance', [RECEIVER, 'latest']))
  await openSend(page)
  await fillSend(page, 'ETH', '0.01', RECEIVER)
  await previewSend(page)
  await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
  await heading(page, 'Approve')
  const approve = approveFrame(page).getByRole('button', { name: 'Approve' })
  await approve.waitFor()
  // The rows are drawn with the buttons: once Approve shows, a "From" row is there or not at all.
  const fromRow = approveFrame(page).locator('dt:text-is("From") + dd')
  const from = (await fromRow.count()) > 0 ? ((await fromRow.textContent()) ?? '') : ''
  await approveRequest(page)
  await heading(page, 'Account')
  await page.locator('connect-button').getByTestId('button-pending').waitFor({ state: 'detached' })
  assert.equal(BigInt(await rpc<string>(h.rpc[31337]!, 'eth_getBalance', [RECEIVER, 'latest'])) - before, 10n ** 16n, 'the receiver got 0.01 ETH')
  return from
}

describe('smart accounts', () => {
  it('an e-mail account is a smart account: its first send deploys it, the second reuses it; it switches to its EOA, sends, and back, over a reload', async () => {
    await withPage(h, '/', async ({ page }) => {
      await loginByEmail(h, page, newEmail('smart'))
      const smart = await address(page)
      assert.equal(await codeAt(smart), false, 'counterfactual: nothing at the address yet')
      await connectButton(page).click()
      await heading(page, 'Account')
      await dialog(page).getByTestId('account-type').filter({ hasText: 'Smart account' }).waitFor()
      await page.keyboard.press('Escape')
      await dialog(page).waitFor({ state: 'detached' })

      await faucet(page)
      const from = await sendFromAccount(page)
      assert.equal(from, `Smart account ${smart} (created by this transaction)`)
      assert.equal(await codeAt(smart), true, 'deployed by its first send')
      assert.equal(await nonceOf(smart), 1n)
      assert.equal(await address(page), smart)
      await sendFromAccount(page)
      assert.equal(await nonceOf(smart), 2n, 'the second send reused the account')

      // Account → Switch to your EOA: the key's own account, a plain transaction.
      await dialog(page).getByRole('button', { name: 'Switch to your EOA' }).click()
      await page.waitForFunction(was => (window as any).walletModal.getAccount('eip155').address !== was, smart)
      const eoa = await address(page)
      assert.equal(await codeAt(eoa), false)
      await dialog(page).getByRole('button', { name: 'Switch to your smart account' }).waitFor()
      assert.equal(await dialog(page).getByTestId('account-type').count(), 0)
      await page.keyboard.press('Escape')
      await faucet(page)
      const eoaNonce = await rpc<string>(h.rpc[31337]!, 'eth_getTransactionCount', [eoa, 'latest'])
      const eoaFrom = await sendFromAccount(page)
      assert.equal(eoaFrom, '', 'the frame names no smart account')
      assert.equal(BigInt(await rpc<string>(h.rpc[31337]!, 'eth_getTransactionCount', [eoa, 'latest'])) - BigInt(eoaNonce), 1n, 'the EOA sent it itself')
      assert.equal(await nonceOf(smart), 2n)

      // And back; the choice is remembered over a reload.
      await dialog(page).getByRole('button', { name: 'Switch to your smart account' }).click()
      await page.waitForFunction(was => (window as any).walletModal.getAccount('eip155').address === was, smart)
      await dialog(page).getByTestId('account-type').waitFor()
      await page.reload()
      await page.waitForFunction(() => (window as any).walletModal?.getAccount('eip155').status === 'connected', undefined, { timeout: 15_000 })
      assert.equal(await address(page), smart)
    })
  })

  it("a new account's first transaction is free: it sends the DUSD it was given, holding no ETH (the operator's paymaster pays)", async () => {
    await withPage(h, '/', async ({ page }) => {
      await loginByEmail(h, page, newEmail('gasless'))
      const smart = await address(page)
      const balanceOf = async (who: string) =>
        BigInt(await rpc<string>(h.rpc[31337]!, 'eth_call', [{ to: DUSD, data: `0x70a08231${who.slice(2).toLowerCase().padStart(64, '0')}` }, 'latest']))
      // Someone gives the new account 5 DUSD (anvil's unlocked wallet account), and no ETH.
      const transfer = `0xa9059cbb${smart.slice(2).toLowerCase().padStart(64, '0')}${(5_000_000).toString(16).padStart(64, '0')}`
      await rpc(h.rpc[31337]!, 'eth_sendTransaction', [{ from: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', to: DUSD, data: transfer }])
      await page.evaluate(() => (window as any).walletModal.refreshBalance())
      const before = await balanceOf(RECEIVER)

      await openSend(page)
      await fillSend(page, 'DUSD', '1', RECEIVER)
      await previewSend(page)
      await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
      await heading(page, 'Approve')
      await approveFrame(page).getByRole('button', { name: 'Approve' }).waitFor()
      assert.equal(await approveFrame(page).locator('dt:text-is("From") + dd').textContent(), `Smart account ${smart} (created by this transaction)`)
      assert.equal(
        await approveFrame(page).locator('dt:text-is("Network fee") + dd').textContent(),
        "None: this site's operator pays for your account's first transaction"
      )
      await approveRequest(page)
      await heading(page, 'Account')
      await page.locator('connect-button').getByTestId('button-pending').waitFor({ state: 'detached' })

      assert.equal((await balanceOf(RECEIVER)) - before, 1_000_000n, 'the receiver got 1 DUSD')
      assert.equal(await codeAt(smart), true, 'the account was created by it')
      assert.equal(BigInt(await rpc<string>(h.rpc[31337]!, 'eth_getBalance', [smart, 'latest'])), 0n, 'and paid no fee')
    })
  })

  it('sends a batch of two ERC-20 transfers (EIP-5792 wallet_sendCalls), approved once, in one transaction; the EOA says it cannot batch', async () => {
    await withPage(h, '/', async ({ page }) => {
      await loginByEmail(h, page, newEmail('batch'))
      await faucet(page)
      const dusd = DUSD
      const balanceOf = async (who: string) =>
        BigInt(await rpc<string>(h.rpc[31337]!, 'eth_call', [{ to: dusd, data: `0x70a08231${who.slice(2).toLowerCase().padStart(64, '0')}` }, 'latest']))
      const receivers = ['0x976EA74026E726554dB657fA54763abd0C3a0aa9', '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955']
      const before = await Promise.all(receivers.map(balanceOf))
      await page.locator('#batch').click()
      await heading(page, 'Approve')
      await approveFrame(page).getByRole('heading', { name: 'Approve 2 calls at once' }).waitFor()
      assert.equal(await approveFrame(page).locator('dt:text-is("1. Send") + dd').textContent(), '1 DUSD')
      assert.equal(await approveFrame(page).locator('dt:text-is("2. Send") + dd').textContent(), '2 DUSD')
      await approveRequest(page)
      await page
        .locator('#sent')
        .filter({ hasText: /batch confirmed/ })
        .waitFor()
      const hash = /^(0x[0-9a-f]{64})/.exec((await page.locator('#sent').textContent())!)![1]!
      const receipt = await rpc<{ logs: { address: string }[]; status: string }>(h.rpc[31337]!, 'eth_getTransactionReceipt', [hash])
      assert.equal(receipt.status, '0x1')
      assert.equal(receipt.logs.filter(log => log.address.toLowerCase() === dusd.toLowerCase()).length, 2, 'both transfers in the one transaction')
      assert.deepEqual(
        (await Promise.all(receivers.map(balanceOf))).map((after, i) => after - before[i]!),
        [1_000_000n, 2_000_000n]
      )

      // The key's own account cannot batch: its capabilities say so, and the page tells the person.
      await connectButton(page).click()
      await heading(page, 'Account')
      await dialog(page).getByRole('button', { name: 'Switch to your EOA' }).click()
      await dialog(page).getByRole('button', { name: 'Switch to your smart account' }).waitFor()
      await page.keyboard.press('Escape')
      await page.locator('#batch').click()
      await page.locator('#sent').filter({ hasText: 'This account cannot batch calls' }).waitFor()

      // Asked anyway: a batch that must be atomic is refused before Approve (EIP-5792 5760, never
      // shown and then refused); one the site lets go call by call is approved once, shown as such,
      // and sent as two transactions, one after another.
      await faucet(page)
      const eoa = await address(page)
      const sendCalls = (atomicRequired: boolean) =>
        page.evaluate(
          ([from, atomicRequired, to]) =>
            (window as any).walletModal
              .getWalletProvider()
              .request({
                method: 'wallet_sendCalls',
                params: [
                  {
                    version: '2.0.0',
                    chainId: '0x7a69',
                    from,
                    atomicRequired,
                    calls: [
                      { to, value: '0x1' },
                      { to, value: '0x2' }
                    ]
                  }
                ]
              })
              .then(
                (r: { id: string }) => r.id,
                (e: { code: number; message: string }) => `${e.code} ${e.message}`
              ),
          [eoa, atomicRequired, RECEIVER] as const
        )
      assert.equal(
        await sendCalls(true),
        '5760 This account cannot make calls atomically: switch to the smart account in Account, or send the calls with atomicRequired false'
      )
      assert.equal(await dialog(page).getByRole('heading', { name: 'Approve' }).count(), 0, 'no Approve for it')
      const before2 = BigInt(await rpc<string>(h.rpc[31337]!, 'eth_getBalance', [RECEIVER, 'latest']))
      const pending = sendCalls(false)
      await heading(page, 'Approve')
      await approveFrame(page).getByRole('heading', { name: 'Approve 2 calls, one after another' }).waitFor()
      await approveRequest(page)
      const id = await pending
      const status = await page.evaluate(
        batch => (window as any).walletModal.getWalletProvider().request({ method: 'wallet_getCallsStatus', params: [batch] }),
        id
      )
      assert.equal(status.status, 200, JSON.stringify(status))
      assert.equal(status.atomic, false)
      assert.equal(status.receipts.length, 2, 'one transaction per call')
      assert.equal(BigInt(await rpc<string>(h.rpc[31337]!, 'eth_getBalance', [RECEIVER, 'latest'])) - before2, 3n)
    })
  })

  it("on a network without smart accounts the account is the key's own, and the smart account again on the way back", async () => {
    await withPage(h, '/', async ({ page }) => {
      await loginByEmail(h, page, newEmail('networks'))
      const smart = await address(page)
      await page.locator('#switch-2').click()
      await page.waitForFunction(
        was =>
          (window as any).walletModal.getAccount('eip155').caipAddress?.startsWith('eip155:31338:') &&
          (window as any).walletModal.getAccount('eip155').address !== was,
        smart
      )
      const eoa = await address(page)
      await connectButton(page).click()
      await heading(page, 'Account')
      await dialog(page).getByTestId('open-export').waitFor()
      assert.equal(await dialog(page).getByTestId('account-type').count(), 0, 'not a smart account here')
      assert.equal(await dialog(page).getByTestId('switch-account-type').count(), 0, 'nothing to switch to here')
      await page.keyboard.press('Escape')
      await page.locator('#switch-1').click()
      await page.waitForFunction(was => (window as any).walletModal.getAccount('eip155').address === was, smart)
      await connectButton(page).click()
      await dialog(page).getByTestId('account-type').waitFor()
      assert.notEqual(eoa, smart)
    })
  })

  it('signs in (SIWX) with the smart account: the server verifies it before deployment (ERC-6492) and after (ERC-1271)', async () => {
    await withPage(h, '/?siwx=required', async ({ page }) => {
      const email = newEmail('siwx-smart')
      await connectButton(page, 'Connect Wallet').click()
      await dialog(page).getByTestId('email-input').fill(email)
      await dialog(page).getByTestId('email-submit').click()
      await otpFrame(page).locator('input#otp').waitFor()
      await otpFrame(page)
        .locator('input#otp')
        .fill(await codeFromMailbox(h, page, email))
      const approveSignIn = async () => {
        await heading(page, 'Approve')
        await approveRequest(page)
        await dialog(page).waitFor({ state: 'detached' })
      }
      // Connected, the modal asks to sign in; the signature is approved in the secure frame.
      await heading(page, 'Sign In')
      await dialog(page).getByRole('button', { name: 'Sign', exact: true }).click()
      await approveSignIn()
      const smart = await address(page)
      assert.equal(await codeAt(smart), false)
      await page
        .locator('#signed-in')
        .filter({ hasText: `yes, ${smart} on eip155:31337` })
        .waitFor()

      // Deployed by a send, then signed out and in again: now an ERC-1271 signature.
      await faucet(page)
      await sendFromAccount(page)
      await page.keyboard.press('Escape')
      await dialog(page).waitFor({ state: 'detached' })
      assert.equal(await codeAt(smart), true)
      await page.locator('#sign-out').click()
      await page.locator('#signed-in').filter({ hasText: 'signed out' }).waitFor()
      await page.evaluate(() => void (window as any).walletModal.signIn())
      await approveSignIn()
      await page
        .locator('#signed-in')
        .filter({ hasText: `yes, ${smart} on eip155:31337` })
        .waitFor()
    })
  })
})
