// The embedded wallet attacked by the page it is embedded in. The demo's origin is one the project
// allows, so everything here is what a hostile or compromised site could do with its own script:
// ask the wallet to sign more than Approve shows, and cover, fade or overlay the approval and the
// key export so that the person's click lands on them unseen. Each attack ends refused, shown in
// full, or with the button dead while the frame is not in plain view.
// (The server-side attacks — replayed nonces, sponsored spam, brute-forced codes, log filters —
// are tested beside their code: see docs/features/embedded-wallet.md, "What a hostile page can and
// cannot do".)
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { FrameLocator, Page } from 'playwright-core'
import {
  approveFrame,
  approveRequest,
  cancelRequest,
  clickClosingPopup,
  connectButton,
  dialog,
  harnessPerFile,
  heading,
  loginByEmail,
  newEmail,
  withPage
} from './harness.js'

const h = harnessPerFile()
const ATTACKER = '0x000000000000000000000000000000000000dEaD'
const DUSD = '0x5FbDB2315678afecb367f032d93F642f64180aa3'

/** A request the page's script makes of the connected embedded wallet; settles when the person answers. */
function pageRequests(page: Page, method: string, params: unknown): Promise<string> {
  const answer = page.evaluate(
    ([method, params]) =>
      (window as any).walletModal
        .getWalletProvider()
        .request({ method, params })
        .then(
          (r: unknown) => `ok ${JSON.stringify(r)}`,
          (e: Error) => `refused ${e.message}`
        ),
    [method, params] as const
  )
  // Awaited by the test; a failure before that (the page closing) is reported where it is awaited.
  answer.catch(() => undefined)
  return answer
}

const row = (frame: FrameLocator, label: string) => frame.locator(`dt:text-is("${label}") + dd`)
const guard = (frame: FrameLocator, state: 'hidden' | 'trusted') => frame.locator(`main[data-guard="${state}"]`).waitFor()

/** The page's own script puts something over the modal's secure frame (reached through the open shadow root). */
async function coverFrame(page: Page, how: 'overlay' | 'fade'): Promise<void> {
  await page.evaluate(how => {
    const frame = document.querySelector('wallet-modal')!.shadowRoot!.querySelector('iframe.wm-secure-frame') as HTMLIFrameElement
    if (how === 'fade') return void (frame.style.opacity = '0.05')
    const box = frame.getBoundingClientRect()
    const decoy = document.createElement('div')
    decoy.id = 'decoy'
    decoy.textContent = 'Claim your free NFT'
    // Drawn over the frame; clicks go through to it (the classic clickjacking overlay). The modal
    // is a native dialog in the top layer, which no page z-index can cover, so the decoy joins the
    // top layer itself as a popover opened after it: the one way a page can still draw over it.
    decoy.popover = 'manual'
    Object.assign(decoy.style, {
      position: 'fixed',
      inset: 'auto',
      margin: '0',
      padding: '0',
      border: '0',
      left: `${box.left}px`,
      top: `${box.top}px`,
      width: `${box.width}px`,
      height: `${box.height}px`,
      zIndex: '2147483647',
      pointerEvents: 'none',
      background: 'white',
      opacity: '0.9'
    })
    document.body.append(decoy)
    decoy.showPopover()
  }, how)
}
const uncover = (page: Page) =>
  page.evaluate(() => {
    document.getElementById('decoy')?.remove()
    const frame = document.querySelector('wallet-modal')!.shadowRoot!.querySelector('iframe.wm-secure-frame') as HTMLIFrameElement
    frame.style.opacity = ''
  })

describe('a hostile page against the embedded wallet', () => {
  it('attack: native value hidden behind a token transfer, decoy typed-data keys, an overlaid and a faded Approve, a message too long to see', async () => {
    await withPage(
      h,
      '/',
      async ({ page }) => {
        await loginByEmail(h, page, newEmail('hostile'))
        const me = await page.evaluate(() => (window as any).walletModal.getAccount('eip155').address as string)

        // 1. "Send 1 DUSD" that also sends 0.5 ETH: Approve shows the ETH and warns.
        const transfer = `0xa9059cbb${ATTACKER.slice(2).toLowerCase().padStart(64, '0')}${(1_000_000).toString(16).padStart(64, '0')}`
        const sent = pageRequests(page, 'eth_sendTransaction', [{ from: me, to: DUSD, data: transfer, value: '0x6f05b59d3b20000' }])
        await heading(page, 'Approve')
        const frame = approveFrame(page)
        await row(frame, 'Send').filter({ hasText: '1 DUSD' }).waitFor()
        assert.equal(await row(frame, 'Amount').textContent(), '0.5 ETH')
        assert.equal(await row(frame, 'Warning').textContent(), `This call also sends 0.5 ETH to ${DUSD}`)
        await frame.locator('.details .end').scrollIntoViewIfNeeded()

        // 2. While the page draws a decoy over the frame, Approve is dead; once the frame is in plain view again, it works.
        await guard(frame, 'trusted')
        await coverFrame(page, 'overlay')
        await guard(frame, 'hidden')
        assert.equal(await frame.getByRole('button', { name: 'Approve' }).isDisabled(), true, 'no approval under a decoy')
        await uncover(page)
        await guard(frame, 'trusted')
        assert.equal(await frame.getByRole('button', { name: 'Approve' }).isDisabled(), false)
        // 3. The same with the frame faded to near-transparent.
        await coverFrame(page, 'fade')
        await guard(frame, 'hidden')
        assert.equal(await frame.getByRole('button', { name: 'Approve' }).isDisabled(), true, 'no approval of a faded frame')
        await uncover(page)
        await cancelRequest(page)
        assert.match(await sent, /^refused /)
        await dialog(page).waitFor({ state: 'detached' })

        // 4. A Permit whose spender 26 decoy keys would push off screen: refused, no Approve.
        const permit = {
          domain: { name: 'Dev USD', version: '1', chainId: 31337, verifyingContract: DUSD },
          types: {
            Permit: [
              { name: 'owner', type: 'address' },
              { name: 'spender', type: 'address' },
              { name: 'value', type: 'uint256' },
              { name: 'nonce', type: 'uint256' },
              { name: 'deadline', type: 'uint256' }
            ]
          },
          primaryType: 'Permit',
          message: {
            ...Object.fromEntries(Array.from({ length: 26 }, (_, i) => [`note${i}`, 'ok'])),
            owner: me,
            spender: ATTACKER,
            value: '1000000000',
            nonce: '0',
            deadline: '99999999999'
          }
        }
        const signed = pageRequests(page, 'eth_signTypedData_v4', [me, JSON.stringify(permit)])
        await heading(page, 'Approve')
        await frame.getByRole('alert').filter({ hasText: 'note0 is not a field of Permit, so it would be shown but not signed' }).waitFor()
        assert.equal(await frame.getByRole('button', { name: 'Approve' }).isDisabled(), true)
        await cancelRequest(page)
        assert.match(await signed, /^refused /)
        await dialog(page).waitFor({ state: 'detached' })

        // 5. A message longer than the frame: Approve waits until it has been scrolled to its end.
        const long = Array.from({ length: 80 }, (_, i) => `line ${i + 1}`).join('\n') + '\nand at the end: transfer everything to the attacker'
        const message = pageRequests(page, 'personal_sign', [`0x${Buffer.from(long).toString('hex')}`, me])
        await heading(page, 'Approve')
        await frame.getByText('Scroll to the end to approve').waitFor()
        await guard(frame, 'trusted')
        assert.equal(await frame.getByRole('button', { name: 'Approve' }).isDisabled(), true, 'not before the end was shown')
        await frame.getByText('and at the end: transfer everything to the attacker').scrollIntoViewIfNeeded()
        await approveRequest(page)
        assert.match(await message, /^ok "0x[0-9a-f]+"$/)
        await dialog(page).waitFor({ state: 'detached' })
      },
      { checkErrors: false }
    )
  })

  it('attack: the key export revealed under an overlay', async () => {
    await withPage(
      h,
      '/',
      async ({ page }) => {
        await loginByEmail(h, page, newEmail('hostile-export'))
        await connectButton(page).click()
        await heading(page, 'Account')
        await dialog(page).getByTestId('open-export').click()
        const frame = dialog(page).locator('iframe[data-testid="export-frame"]').contentFrame()
        await guard(frame, 'trusted')
        await coverFrame(page, 'overlay')
        await guard(frame, 'hidden')
        assert.equal(await frame.getByRole('button', { name: 'Reveal private keys' }).isDisabled(), true, 'no reveal under a decoy')
        assert.equal(await frame.locator('#evm-key').count(), 0)
        await uncover(page)
        await frame.getByRole('button', { name: 'Reveal private keys' }).click()
        await frame
          .locator('#evm-key')
          .filter({ hasText: /^0x[0-9a-f]{64}$/ })
          .waitFor()
      },
      { checkErrors: false }
    )
  })

  it('on the demo, a newcomer plays the hostile page: the hidden value shown, the decoy Permit refused, Approve dead under the decoy', async () => {
    await withPage(
      h,
      '/',
      async ({ page }) => {
        await loginByEmail(h, page, newEmail('demo-hostile'))
        const frame = approveFrame(page)
        await page.getByRole('button', { name: 'Send 1 DUSD that also sends 0.01 ETH' }).click()
        await heading(page, 'Approve')
        assert.equal(await row(frame, 'Warning').textContent(), `This call also sends 0.01 ETH to ${DUSD}`)
        await cancelRequest(page)
        await page
          .locator('#sent')
          .filter({ hasText: /^Not done: / })
          .waitFor()
        await dialog(page).waitFor({ state: 'detached' })

        await page.getByRole('button', { name: 'Sign a Permit hidden behind 26 decoy fields' }).click()
        await heading(page, 'Approve')
        await frame.getByRole('alert').filter({ hasText: 'note0 is not a field of Permit' }).waitFor()
        await cancelRequest(page)
        await page
          .locator('#signature')
          .filter({ hasText: /^Not done: / })
          .waitFor()
        await dialog(page).waitFor({ state: 'detached' })

        // The decoy comes a moment after the approval and goes five seconds later.
        await page.getByRole('button', { name: 'Ask, then cover the approval with a decoy' }).click()
        await heading(page, 'Approve')
        await page.getByText('Click Approve to claim your prize!').waitFor()
        await guard(frame, 'hidden')
        await frame.locator('.details .end').scrollIntoViewIfNeeded()
        assert.equal(await frame.getByRole('button', { name: 'Approve' }).isDisabled(), true, 'read to the end, but under the decoy')
        await page.getByText('Click Approve to claim your prize!').waitFor({ state: 'detached' })
        await frame.locator('#approve:enabled').waitFor()
        await cancelRequest(page)
        await page
          .locator('#sent')
          .filter({ hasText: /^Not done: / })
          .waitFor()
      },
      { checkErrors: false }
    )
  })

  it('attack: on a browser that cannot tell whether the frame is covered, the approval moves to a window no page can cover', async () => {
    await withPage(
      h,
      '/',
      async ({ context, page }) => {
        await loginByEmail(h, page, newEmail('hostile-window'))
        const me = await page.evaluate(() => (window as any).walletModal.getAccount('eip155').address as string)
        // Frames made from now on see a browser without IntersectionObserver v2 (as Firefox and Safari are).
        await context.addInitScript(() => void delete (IntersectionObserverEntry.prototype as { isVisible?: boolean }).isVisible)
        const signed = pageRequests(page, 'personal_sign', [`0x${Buffer.from('Log in to the hostile page').toString('hex')}`, me])
        await heading(page, 'Approve')
        const frame = approveFrame(page)
        await frame.getByText('Log in to the hostile page').waitFor()
        assert.equal(await frame.getByRole('button', { name: 'Approve' }).count(), 0, 'no Approve in a frame the page may cover')
        const opening = context.waitForEvent('page')
        await frame.getByRole('button', { name: 'Review in a secure window' }).click()
        const popup = await opening
        assert.equal(new URL(popup.url()).origin, h.secureSiteUrl, "the window is the secure site's own")
        await popup.getByRole('heading', { name: 'Sign this message' }).waitFor()
        await popup.getByText('Log in to the hostile page').waitFor()
        await popup.locator('.details .end').scrollIntoViewIfNeeded()
        await popup.locator('#approve:enabled').waitFor()
        await clickClosingPopup(popup, popup.getByRole('button', { name: 'Approve' }))
        assert.match(await signed, /^ok "0x[0-9a-f]+"$/)
        await dialog(page).waitFor({ state: 'detached' })
      },
      { checkErrors: false }
    )
  })
})
