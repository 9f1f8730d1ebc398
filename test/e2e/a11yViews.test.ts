// WCAG 2.2 AA on the views a11y.test.ts does not reach, and the checks that are not axe-core's:
// - axe-core and target size (a11yChecks.ts) on ProfileWallets, SwitchNetwork, UnsupportedChain,
//   the snackbars, the configuration alert, ConnectingExternal (waiting and rejected), GetWallet,
//   UpdateEmailWallet and ExportWallet, light and dark;
// - a visible keyboard focus on every control of Connect, All Wallets, Account and Send (2.4.7);
// - forced colours: the dialog's edge, buttons and rows keep a boundary, focus stays visible;
// - reduced motion: nothing moves but the progress spinner;
// - a connection's progress announced once each in a live region (4.1.3).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import type { Locator, Page } from 'playwright-core'
import { DEFAULT_REMOTE_FEATURES } from '../../packages/server/src/index.js'
import { harnessPerFile, withPage, dialog, connectButton, connectDevnetWallet, pickWallet, heading, loginByEmail, newEmail } from './harness.js'
import { audit, assertFocusVisibleRound, evaluateNamed } from './a11yChecks.js'

const h = harnessPerFile()
const setTheme = (page: Page, theme: 'light' | 'dark') => page.evaluate(t => (window as any).walletModal.setThemeMode(t), theme)
const closeModal = async (page: Page) => {
  await page.keyboard.press('Escape')
  await dialog(page).waitFor({ state: 'detached' })
}
/** Opens Account (from the button unless it shows already). */
async function openAccount(page: Page): Promise<void> {
  if (!(await dialog(page).getByRole('heading', { name: 'Account', exact: true }).isVisible())) await connectButton(page).click()
  await heading(page, 'Account')
}

/**
 * Audits a state that goes away by itself (a snackbar: 3 s): `show` brings it, `shown` is its
 * element, scrolled into the dialog's view (axe leaves the colours of what is scrolled away
 * unjudged). When it was gone before the audit ended (a slow machine), the audit did not see it
 * all along: it is brought again, until one audit started and ended with it shown.
 */
async function auditWhileShown(page: Page, what: string, show: () => Promise<void>, shown: Locator): Promise<void> {
  for (let tries = 1; ; tries++) {
    await show()
    // A snackbar shown before may go just as it is found: then it is brought again.
    const found = await shown.scrollIntoViewIfNeeded({ timeout: 5000 }).then(
      () => true,
      () => false
    )
    if (found) await audit(page, what)
    if (found && (await shown.isVisible())) return
    assert.ok(tries < 3, `${what}: gone before each of three audits ended`)
  }
}

test('ProfileWallets (one and two wallets), the copy snackbar, SwitchNetwork, its error snackbar and UnsupportedChain, light and dark', () =>
  withPage(h, '/?siteWallets=1', async ({ page }) => {
    await connectDevnetWallet(page)
    await openAccount(page)
    await dialog(page).getByTestId('open-profile-wallets').click()
    await heading(page, 'Wallets')
    await dialog(page).getByTestId('profile-wallet').waitFor()
    await audit(page, 'ProfileWallets, one wallet (light)')
    // A second wallet (the site's own 'Devnet SDK Wallet'): rows get Use and Disconnect.
    await dialog(page).getByTestId('add-wallet').click()
    await heading(page, 'Connect Wallet')
    await pickWallet(page, /^Devnet SDK Wallet/)
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(page, theme)
      await openAccount(page)
      await dialog(page).getByTestId('open-profile-wallets').click()
      await dialog(page).getByRole('button', { name: 'Use Devnet Wallet' }).waitFor()
      await audit(page, `ProfileWallets, two wallets (${theme})`)
      await closeModal(page)
    }
    // The Devnet Wallet active again, for the network switches below.
    await openAccount(page)
    await dialog(page).getByTestId('open-profile-wallets').click()
    await dialog(page).getByRole('button', { name: 'Use Devnet Wallet' }).click()
    await dialog(page).locator('[data-testid="profile-wallet"][data-connector="dev.wallet-modal.devnet"][data-status="active"]').waitFor()
    await dialog(page).getByRole('button', { name: 'Back' }).click()
    await heading(page, 'Account')
    for (const theme of ['dark', 'light'] as const) {
      await setTheme(page, theme)
      await auditWhileShown(
        page,
        `Account with the success snackbar (${theme})`,
        () => dialog(page).getByRole('button', { name: 'Copy address' }).click(),
        dialog(page).locator('.wm-snackbar[data-variant="success"]')
      )
    }

    // SwitchNetwork waits while the wallet asks (its prompt is in the page, beside the modal).
    await page.evaluate(() => (window as any).devnetWallet.setMode('prompt'))
    for (const [theme, to] of [
      ['dark', 'Devnet 2'],
      ['light', 'Devnet']
    ] as const) {
      await setTheme(page, theme)
      await dialog(page)
        .getByRole('button', { name: /^Network: / })
        .click()
      await heading(page, 'Choose Network')
      await dialog(page)
        .getByRole('button', { name: `${to}, EVM`, exact: true })
        .click()
      await heading(page, to)
      await page.getByTestId('devnet-wallet-prompt').waitFor()
      await audit(page, `SwitchNetwork (${theme})`)
      await page.getByTestId('devnet-wallet-prompt').getByRole('button', { name: 'Approve' }).click()
      await dialog(page)
        .getByRole('button', { name: new RegExp(`^Network: ${to}\\. `) })
        .waitFor()
    }
    // The wallet refuses: back on Choose Network with an error snackbar.
    await page.evaluate(() => (window as any).devnetWallet.setMode('reject'))
    await dialog(page)
      .getByRole('button', { name: /^Network: / })
      .click()
    await heading(page, 'Choose Network')
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(page, theme)
      await auditWhileShown(
        page,
        `Choose Network with the error snackbar (${theme})`,
        () => dialog(page).getByRole('button', { name: 'Devnet 2, EVM', exact: true }).click(),
        dialog(page).locator('.wm-snackbar[data-variant="error"]')
      )
    }

    // The wallet moves itself to a network the site does not list: UnsupportedChain.
    await page.evaluate(() => (window as any).devnetWallet.emit('chainChanged', '0x1'))
    await dialog(page).getByText('This app doesn’t support your current network').waitFor()
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(page, theme)
      await audit(page, `UnsupportedChain (${theme})`)
    }
  }))

test('the configuration alert (Multi-Wallet Not Enabled), light and dark', async () => {
  const setMultiWallet = (on: boolean) =>
    h.services!.setProjectFeatures(
      'demo',
      DEFAULT_REMOTE_FEATURES.map(f => (f.id === 'multiWallet' ? { ...f, isEnabled: on } : { ...f }))
    )
  setMultiWallet(false)
  try {
    await withPage(h, '/', async ({ page }) => {
      await connectDevnetWallet(page)
      await openAccount(page)
      await dialog(page).getByTestId('open-profile-wallets').click()
      await dialog(page).getByRole('alert').filter({ hasText: 'Multi-Wallet Not Enabled' }).waitFor()
      for (const theme of ['light', 'dark'] as const) {
        await setTheme(page, theme)
        await audit(page, `Account with the Multi-Wallet alert (${theme})`)
      }
    })
  } finally {
    setMultiWallet(true)
  }
})

test('ConnectingExternal (waiting, rejected) and GetWallet, light and dark', () =>
  withPage(h, '/?wallet=prompt', async ({ page }) => {
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(page, theme)
      await connectButton(page).click()
      await dialog(page).getByRole('button', { name: 'Devnet Wallet, Installed', exact: true }).click()
      await dialog(page).getByText('Connecting...').waitFor()
      await page.getByTestId('devnet-wallet-prompt').waitFor()
      await audit(page, `ConnectingExternal waiting (${theme})`)
      // The animations that start from here on, as they start.
      await page.evaluate(() => {
        const started: string[] = ((window as any).__started = [])
        document.querySelector('wallet-modal')!.shadowRoot!.addEventListener('animationstart', e => started.push((e as AnimationEvent).animationName))
      })
      await page.getByTestId('devnet-wallet-prompt').getByRole('button', { name: 'Reject' }).click()
      await dialog(page).getByRole('button', { name: 'Try again' }).waitFor()
      // The rejection shakes the dialog; once the shake is over the dialog stays as it was (it
      // used to vanish and fade in again, its opening animation restarted).
      await page.locator('wallet-modal [role="dialog"]:not(.wm-shake)').waitFor()
      await page.evaluate(() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r))))
      assert.deepEqual(await page.evaluate(() => (window as any).__started), ['wm-shake'], 'only the shake ran')
      await audit(page, `ConnectingExternal rejected (${theme})`)
      await closeModal(page)
      // A directory wallet that is only an extension, not installed here: GetWallet and its links.
      await connectButton(page).click()
      await dialog(page)
        .getByRole('button', { name: /^All Wallets/ })
        .click()
      await dialog(page).getByRole('searchbox').fill('Sample Wallet 001')
      await dialog(page).getByRole('button', { name: 'Sample Wallet 001', exact: true }).click()
      await dialog(page).getByRole('link', { name: 'Website' }).waitFor()
      await audit(page, `GetWallet (${theme})`)
      await closeModal(page)
    }
  }))

test('UpdateEmailWallet (address, then the code frame) and ExportWallet of an e-mail account, light and dark', () =>
  withPage(h, '/', async ({ page }) => {
    await loginByEmail(h, page, newEmail('a11y-views'))
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(page, theme)
      await openAccount(page)
      await dialog(page).getByTestId('open-update-email').click()
      await heading(page, 'Change e-mail')
      await dialog(page).getByLabel('New e-mail address').waitFor()
      await audit(page, `UpdateEmailWallet (${theme})`)
      await dialog(page).getByRole('button', { name: 'Back' }).click()
      await dialog(page).getByTestId('open-export').click()
      await dialog(page).locator('iframe[data-testid="export-frame"]').contentFrame().getByRole('button', { name: 'Reveal private keys' }).waitFor()
      await audit(page, `ExportWallet (${theme})`)
      await closeModal(page)
    }
    await openAccount(page)
    await dialog(page).getByTestId('open-update-email').click()
    await dialog(page).getByLabel('New e-mail address').fill(newEmail('a11y-moved'))
    await dialog(page).getByRole('button', { name: 'Continue' }).click()
    await dialog(page).locator('iframe[data-testid="update-otp-frame"]').contentFrame().locator('input#otp').waitFor()
    await audit(page, 'UpdateEmailWallet, code from the current address (dark)')
  }))

test('keyboard focus is visible on every control of Connect, All Wallets, Account and Send', () =>
  withPage(h, '/', async ({ page }) => {
    // Opened from the keyboard, as a keyboard user does (the focus heuristics follow the last input).
    await connectButton(page).focus()
    await page.keyboard.press('Enter')
    await dialog(page).getByTestId('email-input').waitFor()
    await dialog(page).getByTestId('social-logins').waitFor()
    const connect = await assertFocusVisibleRound(page, 'Connect')
    assert.ok(connect.includes('button "Devnet Wallet, Installed"') && connect.includes('input "email-input"'), connect.join(' | '))
    await dialog(page)
      .getByRole('button', { name: /^All Wallets/ })
      .focus()
    await page.keyboard.press('Enter')
    // A search keeps the grid to one screen: its items are all alike, and tabbing to the end of
    // the full grid would load page after page.
    await page.keyboard.type('Sample Wallet 00')
    await dialog(page).getByRole('button', { name: 'Sample Wallet 009', exact: true }).waitFor()
    const all = await assertFocusVisibleRound(page, 'All Wallets')
    assert.ok(all.includes('button "Sample Wallet 001"'), all.join(' | '))
    await closeModal(page)

    await connectDevnetWallet(page)
    await connectButton(page).focus()
    await page.keyboard.press('Enter')
    await heading(page, 'Account')
    await dialog(page).getByTestId('token-row').first().waitFor()
    const account = await assertFocusVisibleRound(page, 'Account')
    assert.ok(account.includes('button "Copy address"') && account.includes('a "account-explorer"'), account.join(' | '))
    await dialog(page).getByTestId('feature-send').focus()
    await page.keyboard.press('Enter')
    await heading(page, 'Send')
    await dialog(page).getByTestId('send-token').filter({ hasText: 'ETH' }).waitFor()
    const send = await assertFocusVisibleRound(page, 'Send')
    assert.ok(send.includes('button "send-max"') && send.includes('input "send-receiver"'), send.join(' | '))
  }))

/** Look of the dialog, the buttons and the list rows, for comparing normal and forced colours. */
function boundaries(page: Page): Promise<{ name: string; dialog: boolean; background: boolean; border: boolean; outline: boolean; allSides: boolean }[]> {
  return evaluateNamed(
    page,
    () => {
      const root = document.querySelector('wallet-modal')!.shadowRoot!
      const sel = '[role="dialog"], button, a[href], input, [role="button"], .wm-list-item, .wm-token, .wm-grid-item, .wm-snackbar'
      const opaque = (c: string) => c !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(c)
      return [...root.querySelectorAll<HTMLElement>(sel)]
        .filter(el => el.getClientRects().length > 0)
        .map(el => {
          const s = getComputedStyle(el)
          const side = (k: 'Top' | 'Right' | 'Bottom' | 'Left') =>
            s.getPropertyValue(`border-${k.toLowerCase()}-style`) !== 'none' &&
            parseFloat(s.getPropertyValue(`border-${k.toLowerCase()}-width`)) > 0 &&
            opaque(s.getPropertyValue(`border-${k.toLowerCase()}-color`))
          const sides = (['Top', 'Right', 'Bottom', 'Left'] as const).map(side)
          const name = el.getAttribute('aria-label') ?? el.getAttribute('data-testid') ?? el.className
          return {
            name: `${el.tagName.toLowerCase()} "${name.slice(0, 40)}"`,
            dialog: el.getAttribute('role') === 'dialog',
            background: opaque(s.backgroundColor),
            border: sides.some(Boolean),
            allSides: sides.every(Boolean),
            outline: s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0
          }
        })
    },
    undefined
  )
}

/**
 * In forced colours a background is painted over with the system's Canvas: whatever was told
 * apart by its background alone (no border) must get a boundary of its own; the dialog must keep
 * its edge. Compares the same elements in both modes; returns what lost its boundary.
 */
async function lostBoundaries(page: Page, what: string): Promise<string[]> {
  await page.emulateMedia({ forcedColors: 'none' })
  const normal = await boundaries(page)
  await page.emulateMedia({ forcedColors: 'active' })
  const forced = await boundaries(page)
  assert.deepEqual(
    forced.map(f => f.name),
    normal.map(n => n.name),
    `${what}: the same elements in both modes`
  )
  const cued = normal.filter(n => n.background && !n.border)
  assert.ok(cued.length > 0, `${what}: nothing told apart by its background alone`)
  return forced.flatMap((f, i) => {
    const n = normal[i]!
    const needsEdge = f.dialog || (n.background && !n.border)
    return needsEdge && !f.allSides && !f.outline ? [`${what}: ${f.name}`] : []
  })
}

test('forced colours: the dialog keeps its edge, buttons and rows a boundary, focus stays visible', () =>
  withPage(h, '/', async ({ page }) => {
    const lost: string[] = []
    await connectButton(page).focus()
    await page.keyboard.press('Enter')
    await dialog(page).getByTestId('social-logins').waitFor()
    // The directory's wallets are in once All Wallets shows their count (the same state change):
    // until then rows keep arriving and the two readings would not list the same elements.
    await dialog(page)
      .getByRole('button', { name: /^All Wallets, \d/ })
      .waitFor()
    lost.push(...(await lostBoundaries(page, 'Connect')))
    await assertFocusVisibleRound(page, 'Connect in forced colours')
    await dialog(page)
      .getByRole('button', { name: /^All Wallets/ })
      .click()
    await dialog(page).locator('.wm-grid-item').first().waitFor()
    lost.push(...(await lostBoundaries(page, 'All Wallets')))
    await closeModal(page)
    await connectDevnetWallet(page)
    await openAccount(page)
    await dialog(page).getByTestId('token-row').first().waitFor()
    lost.push(...(await lostBoundaries(page, 'Account')))
    assert.deepEqual(lost, [], `boundaries lost in forced colours:\n${lost.join('\n')}`)
  }))

/**
 * What moves in the modal: running animations (but the spinner's: see modalStyles.ts) and every
 * element's computed animation and transition durations. The computed styles catch a motion
 * whatever its timing; the running animations, one set from script.
 */
function motion(page: Page): Promise<string[]> {
  return evaluateNamed(
    page,
    () => {
      const root = document.querySelector('wallet-modal')!.shadowRoot!
      const seconds = (v: string) => Math.max(...v.split(',').map(x => parseFloat(x) * (x.trim().endsWith('ms') ? 0.001 : 1)))
      const spinner = (el: Element | null | undefined) => !!el?.classList.contains('wm-spinner')
      const moving: string[] = []
      for (const a of root.getAnimations()) {
        const target = (a.effect as KeyframeEffect | null)?.target
        if (Number(a.effect?.getComputedTiming().duration ?? 0) > 0 && !spinner(target))
          moving.push(`running ${(a as CSSAnimation).animationName ?? 'animation'} on .${target?.className}`)
      }
      for (const el of root.querySelectorAll('*')) {
        const s = getComputedStyle(el)
        if (s.animationName !== 'none' && seconds(s.animationDuration) > 0 && !spinner(el))
          moving.push(`animation ${s.animationName} ${s.animationDuration} on .${el.className}`)
        if (seconds(s.transitionDuration) > 0) moving.push(`transition ${s.transitionProperty} ${s.transitionDuration} on .${el.className}`)
      }
      return moving
    },
    undefined
  )
}

test('reduced motion: opening, changing views, a rejection (shake) and the phone sheet move nothing but the spinner', () =>
  withPage(h, '/?wallet=reject', async ({ page }) => {
    // Without the preference the dialog does fade in: what `motion` reports is real.
    await connectButton(page).click()
    await heading(page, 'Connect Wallet')
    assert.ok(
      (await motion(page)).some(m => m.includes('wm-in')),
      'the opening animation is seen without reduced motion'
    )
    await closeModal(page)

    await page.emulateMedia({ reducedMotion: 'reduce' })
    await connectButton(page).click()
    await heading(page, 'Connect Wallet')
    assert.deepEqual(await motion(page), [], 'opening')
    await dialog(page)
      .getByRole('button', { name: /^All Wallets/ })
      .click()
    await dialog(page).locator('.wm-grid-item').first().waitFor()
    assert.deepEqual(await motion(page), [], 'All Wallets')
    await dialog(page).getByRole('button', { name: 'Back' }).click()
    await dialog(page).getByRole('button', { name: 'Devnet Wallet, Installed', exact: true }).click()
    // The rejection shakes the dialog (a class for half a second): not with reduced motion.
    await page.locator('wallet-modal [role="dialog"].wm-shake').waitFor()
    assert.deepEqual(await motion(page), [], 'the rejection')
    await closeModal(page)
    // The phone's bottom sheet slides up otherwise.
    await page.setViewportSize({ width: 390, height: 800 })
    await connectButton(page).click()
    await heading(page, 'Connect Wallet')
    assert.deepEqual(await motion(page), [], 'the bottom sheet')
  }))

test("a connection's progress is announced once each: connecting, the rejection, connecting again, connected", () =>
  withPage(h, '/?wallet=prompt', async ({ page }) => {
    // Every text change of every live region of the modal, as it happens (no sampling): a region
    // counts once when it appears with words, then on each change of its words.
    await page.evaluate(async () => {
      await customElements.whenDefined('wallet-modal')
      const root = document.querySelector('wallet-modal')!.shadowRoot!
      const live = '[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"], [role="log"]'
      const said: string[] = ((window as any).__said = [])
      const last = new WeakMap<Element, string>()
      new MutationObserver(() => {
        for (const region of root.querySelectorAll(live)) {
          // A region inside another is read with it.
          if (region.parentElement?.closest(live)) continue
          const words = region.textContent?.trim() ?? ''
          if (last.get(region) === words) continue
          last.set(region, words)
          if (words) said.push(`${region.closest('[role="dialog"]') ? 'dialog' : 'page'}: ${words}`)
        }
      }).observe(root, { subtree: true, childList: true, characterData: true })
    })
    const said = () => page.evaluate(() => (window as any).__said as string[])
    const prompt = page.getByTestId('devnet-wallet-prompt')
    await connectButton(page).click()
    await dialog(page).getByRole('button', { name: 'Devnet Wallet, Installed', exact: true }).click()
    await prompt.waitFor()
    await page.waitForFunction(() => (window as any).__said.some((s: string) => s.includes('Connecting')))
    await prompt.getByRole('button', { name: 'Reject' }).click()
    await dialog(page).getByRole('button', { name: 'Try again' }).click()
    await prompt.getByRole('button', { name: 'Approve' }).click()
    await dialog(page).waitFor({ state: 'detached' })
    await page.waitForFunction(() => (window as any).__said.some((s: string) => s.includes('Connected')))
    // Opened and closed again: nothing is said again.
    await connectButton(page).click()
    await heading(page, 'Account')
    await closeModal(page)
    // Other regions speak too (Account's balance): only what is said of the connection is counted.
    // The rejection is said by the view that shows it, its two lines read as one.
    const ofConnection = (await said()).filter(s => /connect|reject/i.test(s))
    assert.deepEqual(ofConnection, [
      'dialog: Connecting to Devnet Wallet…',
      'dialog: Connection rejectedYou declined the request in Devnet Wallet.',
      'dialog: Connecting to Devnet Wallet…',
      'page: Connected to Devnet Wallet'
    ])
  }))
