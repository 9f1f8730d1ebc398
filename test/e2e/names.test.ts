// Account names on the demo, as a newcomer does it: an e-mail account opens "Choose your account
// name" on Account, types, reads whether the name is free, registers it by approving the signature
// in the secure frame, and sees it on Account (after a reload too); another account sends to the
// name. A taken name offers free variants; names breaking the rule are refused before any
// request; a cancelled signature returns to the form. (Forged and replayed registrations are
// refused by the server: packages/server/src/routes/profileRoutes.test.ts.)
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { Page } from 'playwright-core'
import {
  connectButton,
  connectDevnetWallet,
  confirmSend,
  dialog,
  fillSend,
  harnessPerFile,
  heading,
  loginByEmail,
  newEmail,
  openSend,
  previewSend,
  registerNameElsewhere,
  rpc,
  withPage,
  approveRequest,
  cancelRequest
} from './harness.js'

const h = harnessPerFile({ enableFaults: true })
const fault = (path: string, mode: 'status' | 'clear', status?: number) =>
  fetch(new URL('/__faults', h.serviceUrl), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ path, mode, status }) })
const SUFFIX = '.walletmodal.id'

/** From a connected page, Account → "Choose your account name". */
async function openRegisterName(page: Page): Promise<void> {
  await connectButton(page).click()
  await heading(page, 'Account')
  await dialog(page).getByRole('button', { name: 'Choose your account name' }).click()
  await heading(page, 'Choose name')
}

const nameInput = (page: Page) => dialog(page).getByLabel('Choose your account name')
const nameStatus = (page: Page) => dialog(page).getByTestId('name-status')
const registerButton = (page: Page) => dialog(page).getByRole('button', { name: 'Register' })

/** Someone else registers `name` over HTTP, as the modal would. */
const registerElsewhere = (name: string) => registerNameElsewhere(h, name)

/** Register → Approve in the secure frame → RegisterAccountNameSuccess. */
async function registerAndApprove(page: Page, name: string): Promise<void> {
  await registerButton(page).click()
  await heading(page, 'Approve')
  await approveRequest(page)
  await heading(page, 'Name registered')
  assert.equal(await dialog(page).getByTestId('name-registered').textContent(), name)
}

describe('account names', () => {
  it('an e-mail account registers alice-demo, sees it on Account after a reload, and another account sends to it by name', async () => {
    let alice = ''
    await withPage(h, '/', async ({ page }) => {
      await loginByEmail(h, page, newEmail('alice'))
      alice = await page.evaluate(() => (window as any).walletModal.getAccount().address)
      const asked: string[] = []
      page.on('request', r => void (r.url().includes('/v1/profile/suggestions/') && asked.push(r.url())))
      await openRegisterName(page)
      assert.equal(await dialog(page).getByTestId('name-suffix').textContent(), SUFFIX)
      assert.equal(await dialog(page).getByTestId('name-rule').textContent(), 'Letters, digits and hyphens, at least 4 characters')

      // Too short, then a character outside the rule: refused on the spot, and once typing has
      // paused on it (the status line records what it considered) still never asked about.
      for (const bad of ['ali', 'alice_demo', 'alice demo']) {
        await nameInput(page).fill(bad)
        await dialog(page).locator('[data-testid="name-rule"].wm-error-text').waitFor()
        assert.equal(await nameInput(page).getAttribute('aria-invalid'), 'true')
        assert.ok(await registerButton(page).isDisabled(), bad)
        await dialog(page).locator(`[data-testid="name-status"][data-considered="${bad}"]`).waitFor({ state: 'attached' })
        assert.deepEqual(asked, [], `${bad} was asked about`)
      }
      // A valid name after them is asked about once typing pauses; the bad ones never were.
      await nameInput(page).fill('alice-demo')
      await nameStatus(page)
        .filter({ hasText: `alice-demo${SUFFIX} is available` })
        .waitFor()
      assert.deepEqual(
        asked.map(u => new URL(u).pathname),
        ['/v1/profile/suggestions/alice-demo']
      )
      assert.equal(new URL(asked[0]!).searchParams.get('zone'), SUFFIX.slice(1))

      await registerAndApprove(page, `alice-demo${SUFFIX}`)
      await dialog(page).getByRole('button', { name: 'Done' }).click()
      await heading(page, 'Account')
      assert.equal(await dialog(page).getByTestId('account-address').textContent(), `alice-demo${SUFFIX}`)
      // The page's button reads the name too.
      await page
        .locator('connect-button')
        .getByTestId('button-address')
        .filter({ hasText: `alice-demo${SUFFIX}` })
        .waitFor()
      // Named now: the entry is gone.
      assert.equal(await dialog(page).getByRole('button', { name: 'Choose your account name' }).count(), 0)

      // After a reload, with the page's cached name dropped, the name comes from the service.
      await page.evaluate(() =>
        Object.keys(localStorage)
          .filter(k => k.includes('profile-name/'))
          .forEach(k => localStorage.removeItem(k))
      )
      await page.reload()
      await page.waitForFunction(() => (window as any).walletModal.getAccount().status === 'connected')
      await connectButton(page).click()
      await heading(page, 'Account')
      await dialog(page)
        .getByTestId('account-address')
        .filter({ hasText: `alice-demo${SUFFIX}` })
        .waitFor()
    })

    // Another visitor, with the Devnet Wallet, sends to the name.
    await withPage(h, '/', async ({ page }) => {
      await connectDevnetWallet(page)
      await connectButton(page).click()
      await heading(page, 'Account')
      // Not an embedded-wallet account: no name to register here.
      await dialog(page).getByRole('tab', { name: 'Activity' }).waitFor()
      assert.equal(await dialog(page).getByRole('button', { name: 'Choose your account name' }).count(), 0)
      const before = BigInt(await rpc<string>(h.rpc[31337]!, 'eth_getBalance', [alice, 'latest']))
      await openSend(page)
      await fillSend(page, 'ETH', '0.01', `alice-demo${SUFFIX}`)
      await previewSend(page)
      await dialog(page).getByText(`alice-demo${SUFFIX}`).first().waitFor()
      await confirmSend(page)
      const after = BigInt(await rpc<string>(h.rpc[31337]!, 'eth_getBalance', [alice, 'latest']))
      assert.equal(after - before, 10n ** 16n, '0.01 ETH arrived at the address the name points to')
    })
  })

  it('a taken name offers free variants; a cancelled signature returns to the form, which then registers', async () => {
    await withPage(h, '/', async ({ page }) => {
      await loginByEmail(h, page, newEmail('bob'))
      const bob = await page.evaluate(() => (window as any).walletModal.getAccount().address)
      // Someone else already holds "bob-taken": registered over HTTP, signed by their own key.
      await registerElsewhere(`bob-taken${SUFFIX}`)

      await openRegisterName(page)
      await nameInput(page).fill('bob-taken')
      await nameStatus(page)
        .filter({ hasText: `bob-taken${SUFFIX} is taken` })
        .waitFor()
      assert.ok(await registerButton(page).isDisabled())
      const chips = dialog(page).getByTestId('name-suggestions').getByRole('button')
      await chips.first().waitFor()
      const offered = await chips.allTextContents()
      assert.ok(offered.length >= 3, offered.join())
      for (const name of offered) assert.ok(name.endsWith(SUFFIX) && name.includes('bob-taken'), name)

      // Picking one fills the field with its own part, which is free.
      await chips.first().click()
      const picked = offered[0]!
      assert.equal(await nameInput(page).inputValue(), picked.slice(0, -SUFFIX.length))
      await nameStatus(page)
        .filter({ hasText: `${picked} is available` })
        .waitFor()

      // The person cancels in the secure frame: back on the form, saying so, the name kept.
      await registerButton(page).click()
      await heading(page, 'Approve')
      await cancelRequest(page)
      await heading(page, 'Choose name')
      await dialog(page).getByTestId('name-error').filter({ hasText: 'Signature declined' }).waitFor()
      assert.equal(await nameInput(page).inputValue(), picked.slice(0, -SUFFIX.length))
      const reverse = await fetch(`${h.serviceUrl}/v1/profile/reverse/${bob}?projectId=demo&st=test&sv=test`)
      assert.deepEqual(await reverse.json(), [], 'nothing registered')

      // And registers on the second try.
      await registerAndApprove(page, picked)
      const named = await fetch(`${h.serviceUrl}/v1/profile/reverse/${bob}?projectId=demo&st=test&sv=test`)
      assert.deepEqual(
        ((await named.json()) as { name: string }[]).map(n => n.name),
        [picked]
      )
    })
  })
  it('the name service failing or refusing: the form says why (the service reason first, else the spec words) and keeps the name', async () => {
    await withPage(
      h,
      '/',
      async ({ page, errors }) => {
        await loginByEmail(h, page, newEmail('carol'))
        await openRegisterName(page)
        // The check fails: 'Error fetching name suggestions', and no availability is claimed.
        await fault('/v1/profile/suggestions/', 'status', 503)
        await nameInput(page).fill('carol-down')
        await dialog(page).getByTestId('name-error').filter({ hasText: 'Error fetching name suggestions' }).waitFor()
        assert.equal(await nameStatus(page).textContent(), '')
        assert.ok(await registerButton(page).isDisabled())
        await fault('/', 'clear')
        await nameInput(page).fill('carol-later')
        await nameStatus(page)
          .filter({ hasText: `carol-later${SUFFIX} is available` })
          .waitFor()

        // Taken by someone else between the check and Register: the service's reason is shown.
        await registerElsewhere(`carol-later${SUFFIX}`)
        await registerButton(page).click()
        await heading(page, 'Approve')
        await approveRequest(page)
        await heading(page, 'Choose name')
        await dialog(page)
          .getByTestId('name-error')
          .filter({ hasText: `carol-later${SUFFIX} is already taken` })
          .waitFor()

        // The service down at registration: the spec's words with the name.
        await nameInput(page).fill('carol-again')
        await nameStatus(page)
          .filter({ hasText: `carol-again${SUFFIX} is available` })
          .waitFor()
        await fault('/v1/profile/account', 'status', 500)
        await registerButton(page).click()
        await heading(page, 'Approve')
        await approveRequest(page)
        await heading(page, 'Choose name')
        await dialog(page)
          .getByTestId('name-error')
          .filter({ hasText: `Error registering name carol-again${SUFFIX}` })
          .waitFor()
        assert.equal(await nameInput(page).inputValue(), 'carol-again')
        await fault('/', 'clear')
        // Leaving and coming back starts a fresh form: the refusal is not shown again.
        await dialog(page).getByRole('button', { name: 'Back' }).click()
        await heading(page, 'Account')
        await dialog(page).getByRole('button', { name: 'Choose your account name' }).click()
        await heading(page, 'Choose name')
        assert.equal(await nameInput(page).inputValue(), '')
        assert.equal(await dialog(page).getByTestId('name-error').count(), 0)
        // The browser logs each failed answer (503, 409, 500); nothing else went wrong on the page.
        assert.deepEqual(
          errors.filter(e => !/status of (503|409|500)/.test(e)),
          []
        )
      },
      { checkErrors: false }
    )
  })
})
