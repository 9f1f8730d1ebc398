// E-mail login when the operator's mail server is down: the modal says so in words and loses
// nothing (the server keeps no code and no account; the person can try again).
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { connectButton, dialog, harnessPerFile, heading, withPage } from './harness.js'

// Nothing listens on port 1 on these machines: every SMTP connection is refused at once.
const h = harnessPerFile({ smtpUrl: 'smtp://127.0.0.1:1' })

describe('e-mail login with the mail server down', () => {
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
        assert.deepEqual(errors.filter(e => !/status of 503/.test(e)), [])
      },
      { checkErrors: false }
    )
  })
})
