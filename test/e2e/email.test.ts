// E-mail login on the demo, as a newcomer does it: an address on Connect, the code read on the
// devnet's mailbox page, typed into the secure site's frame; then approving inside that frame,
// the Solana account, a reload, and signing out. The secure site is another origin (its own
// port): these tests also try, from the page, to read and to approve what only it may.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { createPublicClient, http, parseAbi } from 'viem'
import {
  approveFrame,
  codeFromMailbox,
  connectButton,
  dialog,
  harnessPerFile,
  heading,
  loginByEmail,
  newEmail,
  otpFrame,
  rpc,
  withPage,
  approveRequest,
  cancelRequest
} from './harness.js'

const h = harnessPerFile()

describe('e-mail login (embedded wallet)', () => {
  it('a newcomer logs in by e-mail, sends ETH and signs after approving in the secure frame, sees the Solana account, stays connected over a reload, signs out', async () => {
    const email = newEmail('newcomer')
    await withPage(h, '/', async ({ page }) => {
      const ms = await loginByEmail(h, page, email)
      console.log(`# e-mail code entered -> connected: ${ms} ms`)
      assert.ok(ms <= 2000, `code -> connected in ${ms} ms`)
      const account = await page.evaluate(() => (window as any).walletModal.getAccount())
      assert.match(account.address, /^0x[0-9a-fA-F]{40}$/)
      assert.equal(account.caipAddress, `eip155:31337:${account.address}`)
      assert.equal(BigInt(await rpc<string>(h.rpc[31337]!, 'eth_getBalance', [account.address, 'latest'])), 0n, 'a fresh address')

      // Every connection the login made carries its auth name (spec §3 Connection), and the
      // account names the wallet it is connected with (spec §3 connectedWalletInfo).
      const shown = email.length > 30 ? `${email.slice(0, 30)}…` : email
      await page.waitForFunction(name => {
        const { connections } = (window as any).walletModal.connection.state
        return ['eip155', 'solana'].every(ns => connections[ns].length === 1 && connections[ns][0].authName === name)
      }, shown)
      assert.deepEqual(account.walletInfo, { id: 'ID_AUTH', name: 'Email', icon: account.walletInfo?.icon, type: 'AUTH' })
      // Account shows the e-mail as the auth name.
      await connectButton(page).click()
      await heading(page, 'Account')
      assert.equal(await dialog(page).getByTestId('account-auth-name').textContent(), email.length > 30 ? `${email.slice(0, 30)}…` : email)
      await page.keyboard.press('Escape')
      await dialog(page).waitFor({ state: 'detached' })

      // Fund it with the demo's faucet button, then the demo's "Send 0.01": approved inside the frame.
      await page.locator('#faucet').click()
      await page
        .locator('#sent')
        .filter({ hasText: /^Added 1 test ETH/ })
        .waitFor()
      assert.equal(BigInt(await rpc<string>(h.rpc[31337]!, 'eth_getBalance', [account.address, 'latest'])), 10n ** 18n)
      // The demo's "Send 0.01" pays the devnet's third account.
      const to = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
      const before = BigInt(await rpc<string>(h.rpc[31337]!, 'eth_getBalance', [to, 'latest']))
      await page.locator('#send').click()
      await heading(page, 'Approve')
      await approveFrame(page).getByText('0.01 ETH').waitFor()
      // Its first transaction creates the smart account, and the demo's paymaster pays its fee.
      await approveFrame(page).getByText("None: this site's operator pays for your account's first transaction").waitFor()
      await approveRequest(page)
      await page
        .locator('#sent')
        .filter({ hasText: /^0x[0-9a-f]{64}/ })
        .waitFor()
      assert.equal(BigInt(await rpc<string>(h.rpc[31337]!, 'eth_getBalance', [account.address, 'latest'])), 10n ** 18n - 10n ** 16n, 'no fee taken')
      await dialog(page).waitFor({ state: 'detached' })
      const after = BigInt(await rpc<string>(h.rpc[31337]!, 'eth_getBalance', [to, 'latest']))
      assert.equal(after - before, 10n ** 16n, 'the receiver got 0.01 ETH')

      // Sign a message: the frame shows its text; viem verifies the signature.
      await page.locator('#sign').click()
      await heading(page, 'Approve')
      await approveFrame(page).getByText('Hello from the wallet-modal demo').waitFor()
      await approveRequest(page)
      await page
        .locator('#signature')
        .filter({ hasText: /^0x[0-9a-f]{130}$/ })
        .waitFor()
      const signature = (await page.locator('#signature').textContent()) as `0x${string}`
      // The account is a smart account (spec §9's default on EVM, deployed by the send above): its
      // signature is checked on chain (ERC-1271), as viem does with a client.
      const chain = createPublicClient({ transport: http(h.rpc[31337]!) })
      assert.equal(await chain.verifyMessage({ address: account.address, message: 'Hello from the wallet-modal demo', signature }), true)

      // The Solana account of the same login.
      const solana = await page.evaluate(() => (window as any).walletModal.getAccount('solana'))
      assert.equal(solana.status, 'connected')
      assert.match(solana.address, /^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
      await connectButton(page).click()
      await heading(page, 'Account')
      await dialog(page)
        .getByRole('button', { name: /^Network: Devnet\. Switch network/ })
        .click()
      await heading(page, 'Choose Network')
      await dialog(page)
        .getByRole('button', { name: /Solana/ })
        .first()
        .click()
      await page.waitForFunction(() => (window as any).walletModal.getState().activeChain === 'solana')
      assert.equal(await page.evaluate(() => (window as any).walletModal.getAccount().address), solana.address)
      await page.keyboard.press('Escape')
      await dialog(page).waitFor({ state: 'detached' })
      // On Solana too: fund it, then Send 0.01 SOL, approved in the frame (the server signs and sends).
      await page.locator('#faucet').click()
      await page
        .locator('#sent')
        .filter({ hasText: /^Added 1 test SOL/ })
        .waitFor()
      await page.locator('#send').click()
      await heading(page, 'Approve')
      await approveFrame(page).getByText('Send a Solana transaction').waitFor()
      // What will be signed, decoded by the secure site: the amount and the demo's Solana receiver.
      await approveFrame(page).getByText('0.01 SOL', { exact: true }).waitFor()
      const solanaReceiver = await page.evaluate(() =>
        fetch('/devnet.json')
          .then(r => r.json())
          .then(d => d.solana.receiverAddress as string)
      )
      await approveFrame(page).getByText(solanaReceiver, { exact: true }).waitFor()
      await approveRequest(page)
      await page
        .locator('#sent')
        .filter({ hasText: /^[1-9A-HJ-NP-Za-km-z]{64,90} \(0\.01 to / })
        .waitFor({ timeout: 15_000 })
      // And a Solana message, verified with the account's public key.
      await page.locator('#sign').click()
      await heading(page, 'Approve')
      await approveFrame(page).getByText('Hello from the wallet-modal demo').waitFor()
      await approveRequest(page)
      await page
        .locator('#signature')
        .filter({ hasText: /^[1-9A-HJ-NP-Za-km-z]{80,90}$/ })
        .waitFor()
      const { ed25519 } = await import('@noble/curves/ed25519')
      const { base58 } = await import('@scure/base')
      const solSig = base58.decode((await page.locator('#signature').textContent())!)
      assert.equal(ed25519.verify(solSig, new TextEncoder().encode('Hello from the wallet-modal demo'), base58.decode(solana.address)), true)

      // A reload restores the login without a prompt.
      await page.reload()
      await page.waitForFunction(() => (window as any).walletModal.getAccount('eip155').status === 'connected', undefined, { timeout: 15_000 })
      assert.equal(await page.evaluate(() => (window as any).walletModal.getAccount('eip155').address), account.address)

      // Sign out (Disconnect): the frame's session ends; a reload stays disconnected.
      await page.locator('#disconnect').click()
      await page.waitForFunction(() => (window as any).walletModal.getAccount().status === 'disconnected')
      await page.reload()
      await connectButton(page, 'Connect Wallet').waitFor()
      await page.waitForFunction(() => (window as any).walletModal.ready !== undefined)
      await page.evaluate(() => (window as any).walletModal.ready)
      assert.equal(await page.evaluate(() => (window as any).walletModal.getAccount('eip155').status), 'disconnected')
    })
  })

  it('the page cannot read the key or the session, cannot approve by script, and forged messages are ignored', async () => {
    const email = newEmail('guarded')
    await withPage(
      h,
      '/',
      async ({ page }) => {
        await loginByEmail(h, page, email)
        // Nothing of the session or a key in the page's own storage.
        const pageStorage = await page.evaluate(() => JSON.stringify({ ...localStorage }) + document.cookie)
        assert.ok(!/wme_/.test(pageStorage), 'no session token in the page')
        // The frames are another origin: their documents and storage are out of reach.
        const reach = await page.evaluate(() => {
          const frame = document.querySelector('iframe[data-wallet-modal-frame]') as HTMLIFrameElement
          let storage = 'readable'
          try {
            void frame.contentWindow!.localStorage
          } catch {
            storage = 'blocked'
          }
          return { document: frame.contentDocument === null, storage }
        })
        assert.deepEqual(reach, { document: true, storage: 'blocked' })

        // A forged "approval" event posted by the page to itself opens nothing.
        await page.evaluate(() => window.postMessage({ wm: 'frame', kind: 'approval', id: 'forged-id-123', method: 'personal_sign' }, '*'))
        // A real request: ApproveTransaction opens with the secure site's buttons.
        await page.locator('#sign').click()
        await heading(page, 'Approve')
        await approveFrame(page).getByRole('button', { name: 'Approve' }).waitFor()
        // The page tries to approve: forged protocol and channel messages to every frame, and a
        // click through the frame's document.
        const tried = await page.evaluate(() => {
          const frames = [...document.querySelectorAll('iframe')].concat([
            ...(document.querySelector('wallet-modal')!.shadowRoot!.querySelectorAll('iframe') as NodeListOf<HTMLIFrameElement>)
          ])
          for (const f of frames) {
            for (const m of [
              { type: 'approval-result', id: 'x', result: '0xdead' },
              { wm: 'frame', kind: 'success', id: 'aaaaaaaaaaaa', type: 'RPC_REQUEST', payload: { result: '0xdead' } },
              { type: 'approval-declined', id: 'aaaaaaaaaaaa' }
            ])
              f.contentWindow!.postMessage(m, '*')
          }
          const approve = frames.find(f => f.dataset.testid === 'approve-frame')!
          return approve.contentDocument === null ? 'no document' : 'document'
        })
        assert.equal(tried, 'no document')
        // Still waiting for the person: no signature, the Approve button still there.
        await approveFrame(page).getByRole('button', { name: 'Approve' }).waitFor()
        assert.doesNotMatch((await page.locator('#signature').textContent()) ?? '', /^0x/)
        // The person declines: the site's call fails with 'Signature declined'.
        await cancelRequest(page)
        await page.locator('#signature').filter({ hasText: 'Not signed: Signature declined' }).waitFor()
        await dialog(page).waitFor({ state: 'detached' })
      },
      { checkErrors: false }
    )
  })

  it('a method outside spec §6 is refused: logged, and "Action not allowed" shows', async () => {
    const email = newEmail('refused')
    await withPage(
      h,
      '/',
      async ({ page, errors }) => {
        await loginByEmail(h, page, email)
        // Switching network inside the wallet's own chain list (the frame follows; the account stays).
        const address = await page.evaluate(() => (window as any).walletModal.getAccount().address)
        await page.locator('#switch-2').click()
        await page.waitForFunction(() => (window as any).walletModal.getNetwork()?.id === 31338)
        assert.equal(await page.evaluate(() => (window as any).walletModal.getWalletProvider().request({ method: 'eth_chainId' })), '0x7a6a')
        assert.equal(await page.evaluate(() => (window as any).walletModal.getAccount().address), address)
        // The notice shows in the modal: open it, then the site asks for a method outside §6.
        await connectButton(page).click()
        await heading(page, 'Account')
        const started = Date.now()
        const refusal = await page.evaluate(() =>
          (window as any).walletModal
            .getWalletProvider()
            .request({ method: 'eth_sign', params: [] })
            .then(
              () => 'resolved',
              (e: { message: string; code: number }) => `${e.code} ${e.message}`
            )
        )
        assert.equal(refusal, '4200 Requested RPC call is not allowed')
        await page.locator('wallet-modal').getByText('Action not allowed').waitFor()
        assert.ok(Date.now() - started >= 300)
        assert.ok(errors.some(e => e.includes('Requested RPC call is not allowed')))
      },
      { checkErrors: false }
    )
  })

  it('a known address on a new browser approves the device from the e-mailed link first', async () => {
    const email = newEmail('twodevices')
    await withPage(h, '/', async ({ page }) => {
      await loginByEmail(h, page, email)
    })
    // Another browser (a fresh context: no device id, no session).
    await withPage(h, '/', async ({ page }) => {
      await connectButton(page, 'Connect Wallet').click()
      await dialog(page).getByTestId('email-input').fill(email)
      const since = h.mail!.lastId()
      await dialog(page).getByTestId('email-submit').click()
      await dialog(page).getByTestId('email-login-status').filter({ hasText: 'This device is new' }).waitFor()
      const mail = await h.mail!.waitFor(email, { since, match: m => /device\?token=/.test(m.text) })
      const link = /(http:\/\/\S+\/device\?token=\S+)/.exec(mail.text)![1]!
      const tab = await page.context().newPage()
      await tab.goto(link)
      await tab.getByRole('button', { name: 'Approve device' }).click()
      await tab.getByRole('heading', { name: 'Device approved' }).waitFor()
      await tab.close()
      await otpFrame(page).locator('input#otp').waitFor()
      const code = /(\d{6})/.exec((await h.mail!.waitFor(email, { since: mail.id, match: m => /code/.test(m.subject) })).subject)![1]!
      await otpFrame(page).locator('input#otp').fill(code)
      await dialog(page).waitFor({ state: 'detached' })
      assert.equal(await page.evaluate(() => (window as any).walletModal.getAccount().status), 'connected')
    })
  })

  it('wrong codes say so in the frame; a second code before 30 s is refused with the spec words', async () => {
    const email = newEmail('wrong')
    await withPage(
      h,
      '/',
      async ({ page, errors }) => {
        await connectButton(page, 'Connect Wallet').click()
        await dialog(page).getByTestId('email-input').fill(email)
        await dialog(page).getByTestId('email-submit').click()
        const code = await codeFromMailbox(h, page, email)
        const wrong = code === '000000' ? '111111' : '000000'
        await otpFrame(page).locator('input#otp').fill(wrong)
        await otpFrame(page).getByText('Invalid code: 4 tries left').waitFor()
        await otpFrame(page).getByRole('button', { name: 'Resend code' }).click()
        await otpFrame(page)
          .getByText(/^Please try again after \d+ seconds$/)
          .waitFor()
        // Back on Connect, the same request again within 30 s: the modal refuses before sending.
        await page.keyboard.press('Escape')
        await dialog(page).waitFor({ state: 'detached' })
        await connectButton(page, 'Connect Wallet').click()
        await dialog(page).getByTestId('email-input').fill(newEmail('other'))
        await dialog(page).getByTestId('email-submit').click()
        await dialog(page)
          .getByTestId('email-error')
          .filter({ hasText: /^Please try again after \d+ seconds$/ })
          .waitFor()
        // The first address again: back to typing the code already sent (no new one), which connects.
        await dialog(page).getByTestId('email-input').fill(email)
        await dialog(page).getByTestId('email-submit').click()
        await otpFrame(page).locator('input#otp').fill(code)
        await dialog(page).waitFor({ state: 'detached' })
        assert.equal(await page.evaluate(() => (window as any).walletModal.getAccount().status), 'connected')
        assert.equal(h.mail!.messages(email).length, 1, 'one code was sent')
        // The browser logs the refused calls of the frame (wrong code 400, early resend 429): nothing else.
        assert.deepEqual(
          errors.filter(e => !/status of (400|429)/.test(e)),
          []
        )
      },
      { checkErrors: false }
    )
  })

  it('changes the e-mail (a code from each address, typed in the frame) and shows the keys only inside the secure frame', async () => {
    const email = newEmail('mover')
    const moved = newEmail('moved')
    await withPage(h, '/', async ({ page }) => {
      await loginByEmail(h, page, email)
      const address = await page.evaluate(() => (window as any).walletModal.getAccount().address as string)
      await connectButton(page).click()
      await heading(page, 'Account')
      await dialog(page).getByTestId('open-update-email').click()
      await heading(page, 'Change e-mail')
      const since = h.mail!.lastId()
      await dialog(page).getByLabel('New e-mail address').fill(moved)
      await dialog(page).getByRole('button', { name: 'Continue' }).click()
      const frame = dialog(page).locator('iframe[data-testid="update-otp-frame"]').contentFrame()
      const first = /(\d{6})/.exec((await h.mail!.waitFor(email, { since })).subject)![1]!
      await frame.locator('input#otp').fill(first)
      const second = /(\d{6})/.exec((await h.mail!.waitFor(moved, { since })).subject)![1]!
      await dialog(page).getByText(`Now enter the code we sent to ${moved}.`).waitFor()
      await frame.locator('input#otp').fill(second)
      await dialog(page).getByTestId('update-email-done').waitFor()
      await dialog(page).getByRole('button', { name: 'Done' }).click()
      await heading(page, 'Account')
      assert.equal(await dialog(page).getByTestId('account-auth-name').textContent(), moved.length > 30 ? `${moved.slice(0, 30)}…` : moved)

      // Export: the keys appear in the secure frame; the page cannot read them.
      await dialog(page).getByTestId('open-export').click()
      await heading(page, 'Export private keys')
      const exportFrame = dialog(page).locator('iframe[data-testid="export-frame"]').contentFrame()
      await exportFrame.getByRole('button', { name: 'Reveal private keys' }).click()
      const key = (await exportFrame.locator('#evm-key').textContent())!
      assert.match(key, /^0x[0-9a-f]{64}$/)
      const { privateKeyToAddress } = await import('viem/accounts')
      // The key owns the account: the devnet's account factory makes that key's smart account at this address.
      const factory = createPublicClient({ transport: http(h.rpc[31337]!) })
      const owned = await factory.readContract({
        address: '0xA51c1fc2f0D1a1b8494Ed1FE312d7C3a78Ed91C0',
        abi: parseAbi(['function getAddress(address owner, uint256 salt) view returns (address)']),
        functionName: 'getAddress',
        args: [privateKeyToAddress(key as `0x${string}`), 0n]
      })
      assert.equal(owned, address, 'the exported key owns the account')
      const pageText = await page.evaluate(() => document.documentElement.outerHTML + (document.querySelector('wallet-modal')!.shadowRoot!.innerHTML ?? ''))
      assert.ok(!pageText.includes(key.slice(2)), 'the key is not in the page')
    })
    // The new address logs in to the same account.
    await withPage(h, '/', async ({ page }) => {
      const since = h.mail!.lastId()
      await connectButton(page, 'Connect Wallet').click()
      await dialog(page).getByTestId('email-input').fill(moved)
      await dialog(page).getByTestId('email-submit').click()
      // A new browser for a known address: the device link first.
      const link = /(http:\/\/\S+\/device\?token=\S+)/.exec((await h.mail!.waitFor(moved, { since, match: m => /device\?token=/.test(m.text) })).text)![1]!
      const tab = await page.context().newPage()
      await tab.goto(link)
      await tab.getByRole('button', { name: 'Approve device' }).click()
      await tab.getByRole('heading', { name: 'Device approved' }).waitFor()
      await tab.close()
      const code = /(\d{6})/.exec((await h.mail!.waitFor(moved, { since, match: m => /code/.test(m.subject) })).subject)![1]!
      await otpFrame(page).locator('input#otp').fill(code)
      await dialog(page).waitFor({ state: 'detached' })
      assert.equal(await page.evaluate(() => (window as any).walletModal.getAccount().status), 'connected')
    })
  })

  it('signing out in one tab ends the e-mail connection in the other tabs of that browser', async () => {
    const email = newEmail('tabs')
    await withPage(h, '/', async ({ page, context }) => {
      await loginByEmail(h, page, email)
      const other = await context.newPage()
      await other.goto(h.url + '/')
      // The second tab restores the same session (one browser, one secure-site storage).
      await other.waitForFunction(() => (window as any).walletModal?.getAccount('eip155').status === 'connected', undefined, { timeout: 15_000 })
      await page.locator('#disconnect').click()
      await page.waitForFunction(() => (window as any).walletModal.getAccount().status === 'disconnected')
      await other.waitForFunction(() => (window as any).walletModal.getAccount('eip155').status === 'disconnected', undefined, { timeout: 15_000 })
      await other.waitForFunction(() => (window as any).walletModal.getAccount('solana').status === 'disconnected')
      await other.close()
    })
  })

  it('"Log out on every device" on one device ends the login on another: its next signing request fails and the page is signed out', async () => {
    const email = newEmail('everywhere')
    await withPage(h, '/', async ({ page: first }) => {
      await loginByEmail(h, first, email)
      // A second device: another browser (a fresh context), approved from the e-mailed link.
      await withPage(
        h,
        '/',
        async ({ page: second }) => {
          await connectButton(second, 'Connect Wallet').click()
          await dialog(second).getByTestId('email-input').fill(email)
          const since = h.mail!.lastId()
          await dialog(second).getByTestId('email-submit').click()
          const mail = await h.mail!.waitFor(email, { since, match: m => /device\?token=/.test(m.text) })
          const link = /(http:\/\/\S+\/device\?token=\S+)/.exec(mail.text)![1]!
          const tab = await second.context().newPage()
          await tab.goto(link)
          await tab.getByRole('button', { name: 'Approve device' }).click()
          await tab.getByRole('heading', { name: 'Device approved' }).waitFor()
          await tab.close()
          await otpFrame(second).locator('input#otp').waitFor()
          const code = /(\d{6})/.exec((await h.mail!.waitFor(email, { since: mail.id, match: m => /code/.test(m.subject) })).subject)![1]!
          await otpFrame(second).locator('input#otp').fill(code)
          await dialog(second).waitFor({ state: 'detached' })
          await second.waitForFunction(() => {
            const account = (window as any).walletModal.getAccount()
            return account.status === 'connected' && account.namespace === 'eip155'
          })

          // The first device: Account, the row, then the confirmation asked in place.
          await connectButton(first).click()
          await heading(first, 'Account')
          await dialog(first).getByTestId('logout-everywhere').click()
          await dialog(first).getByTestId('logout-everywhere-question').waitFor()
          // Cancel keeps everything as it was; the row comes back.
          await dialog(first).getByTestId('logout-everywhere-cancel').click()
          await dialog(first).getByTestId('logout-everywhere').click()
          await dialog(first).getByTestId('logout-everywhere-confirm').click()
          // As after Disconnect: the modal closes, every namespace of the e-mail wallet is disconnected.
          await dialog(first).waitFor({ state: 'detached' })
          await first.waitForFunction(
            () =>
              (window as any).walletModal.getAccount('eip155').status === 'disconnected' &&
              (window as any).walletModal.getAccount('solana').status === 'disconnected'
          )
          await connectButton(first, 'Connect Wallet').waitFor()

          // The second device heard nothing yet. Its next request reaches the secure site, which
          // answers 401: no Approve, no signature, and the page is signed out. (Should anything
          // else of the page reach the secure site first, it is signed out before the click and
          // the demo says so instead: either way nothing is signed.)
          await second.locator('#sign').click()
          await second
            .locator('#signature')
            .filter({ hasText: /^(Not signed: |Connect a wallet first)/ })
            .waitFor()
          assert.doesNotMatch((await second.locator('#signature').textContent()) ?? '', /0x|Waiting/)
          await second.waitForFunction(
            () =>
              (window as any).walletModal.getAccount('eip155').status === 'disconnected' &&
              (window as any).walletModal.getAccount('solana').status === 'disconnected',
            undefined,
            { timeout: 15_000 }
          )
          await connectButton(second, 'Connect Wallet').waitFor()
          assert.equal(await second.locator('wallet-modal').getByRole('heading', { name: 'Approve', exact: true }).count(), 0, 'no Approve was shown')
          // A reload does not bring the login back: its session is gone on the server.
          await second.reload()
          await connectButton(second, 'Connect Wallet').waitFor()
          await second.waitForFunction(() => (window as any).walletModal.ready !== undefined)
          await second.evaluate(() => (window as any).walletModal.ready)
          assert.equal(await second.evaluate(() => (window as any).walletModal.getAccount('eip155').status), 'disconnected')
        },
        // The second device's frame logs its refused calls (401).
        { checkErrors: false }
      )
    })
  })
})
