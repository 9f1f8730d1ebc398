// E-mail and social logins when what they depend on is down (the operator's mail server, the
// social providers, the Farcaster relay): the modal says so in words and loses nothing (the server
// keeps no code and no account; the person can try again).
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { connectButton, dialog, harnessPerFile, heading, withPage } from './harness.js'

// Nothing listens on port 1 on these machines: every SMTP connection is refused at once, and so
// is every call to the social providers and the Farcaster relay.
const h = harnessPerFile({ smtpUrl: 'smtp://127.0.0.1:1', socialProvidersDown: true })

describe('logins with their services down (mail server, social providers, Farcaster relay)', () => {
  it('shows why the code could not be sent, and Try again goes back to Connect', async () => {
    await withPage(
      h,
      '/',
      async ({ page, errors }) => {
        await connectButton(page, 'Connect Wallet').click()
        await heading(page, 'Connect Wallet')
        await dialog(page).getByTestId('email-input').fill('nomail@example.com')
        await dialog(page).getByTestId('email-submit').click()
        await heading(page, 'Continue with e-mail')
        const error = dialog(page).getByTestId('email-login-error')
        await error.filter({ hasText: /^Could not send the e-mail: / }).waitFor()
        await dialog(page).getByRole('button', { name: 'Try again' }).click()
        await heading(page, 'Connect Wallet')
        assert.equal(await page.evaluate(() => (window as any).walletModal.getAccount().status), 'disconnected')
        // The frame's refused call (503) is the only thing the browser logged.
        assert.deepEqual(
          errors.filter(e => !/status of 503/.test(e)),
          []
        )
      },
      { checkErrors: false }
    )
  })

  it('a social provider that cannot be reached: "Failed to initiate social connection", the popup closed, nothing connected', async () => {
    await withPage(
      h,
      '/',
      async ({ page, errors }) => {
        await connectButton(page, 'Connect Wallet').click()
        await dialog(page).getByTestId('social-logins').waitFor({ timeout: 15_000 })
        const popup = page.waitForEvent('popup')
        await dialog(page).getByRole('button', { name: 'Continue with Google' }).click()
        const opened = await popup
        await dialog(page)
          .getByTestId('social-error')
          .filter({ hasText: /^Failed to initiate social connection/ })
          .waitFor()
        // Closed by the modal (maybe already).
        if (!opened.isClosed()) await opened.waitForEvent('close')
        assert.equal(await page.evaluate(() => (window as any).walletModal.getAccount().status), 'disconnected')
        assert.deepEqual(
          errors.filter(e => !/status of 502/.test(e)),
          []
        )
      },
      { checkErrors: false }
    )
  })

  it('the Farcaster relay down: "Failed to connect to farcaster" with the reason, and Try again', async () => {
    await withPage(
      h,
      '/',
      async ({ page, errors }) => {
        await connectButton(page, 'Connect Wallet').click()
        await dialog(page).getByTestId('social-logins').waitFor({ timeout: 15_000 })
        await dialog(page).getByRole('button', { name: 'Continue with Farcaster' }).click()
        await heading(page, 'Sign in with Farcaster')
        await dialog(page)
          .getByTestId('farcaster-error')
          .filter({ hasText: /^Failed to connect to farcaster: The Farcaster relay refused/ })
          .waitFor()
        await dialog(page).getByRole('button', { name: 'Try again' }).waitFor()
        assert.equal(await page.evaluate(() => (window as any).walletModal.getAccount().status), 'disconnected')
        assert.deepEqual(
          errors.filter(e => !/status of 502/.test(e)),
          []
        )
      },
      { checkErrors: false }
    )
  })
})
