import { expect } from 'chai'
import { createI18nController, ERROR_MESSAGES, EMBEDDED_ERROR_MESSAGES, NAME_ERROR_MESSAGES, type Core } from '@wallet-modal/core/internal'
import { errorText, textOr } from './textOr.js'
import { errorWords } from './errorWords.js'

/** What these helpers use of a core: its languages. */
const withLanguages = () => ({ i18n: createI18nController() }) as unknown as Core

describe('textOr, errorText, errorWords', () => {
  it('show core’s English as written, and the active locale’s words for it by key', async () => {
    const core = withLanguages()
    const { t } = core.i18n
    expect(textOr(t, 'snack.transactionSent', 'Transaction sent')).to.equal('Transaction sent')
    expect(textOr(t, undefined, 'As is')).to.equal('As is')
    expect(errorText(t, { code: 'INSUFFICIENT_FUNDS', shortMessage: 'Insufficient funds' })).to.equal('Insufficient funds')
    expect(errorWords(core, 'Invalid address')).to.equal('Invalid address')
    await core.i18n.setLocale('de')
    expect(textOr(t, 'snack.transactionSent', 'Transaction sent')).to.equal('Transaktion gesendet')
    expect(errorText(t, { code: 'INSUFFICIENT_FUNDS', shortMessage: ERROR_MESSAGES.INSUFFICIENT_FUNDS })).to.not.equal(ERROR_MESSAGES.INSUFFICIENT_FUNDS)
    expect(errorWords(core, ERROR_MESSAGES.INVALID_RECEIVER)).to.equal(core.i18n.t('error.INVALID_RECEIVER'))
    // A service's own reason has no catalogue entry: shown as it came.
    expect(errorWords(core, 'Name not found: alice.wm')).to.equal('Name not found: alice.wm')
    // Only the catalogues named are searched.
    expect(errorWords(core, EMBEDDED_ERROR_MESSAGES.INVALID_EMAIL)).to.equal('Invalid email')
    expect(errorWords(core, EMBEDDED_ERROR_MESSAGES.INVALID_EMAIL, [EMBEDDED_ERROR_MESSAGES])).to.equal(core.i18n.t('error.INVALID_EMAIL'))
    // Words whose placeholder core filled in: the locale's words, with the same value.
    const failed = errorWords(core, 'Error registering name alice.wm', [NAME_ERROR_MESSAGES])
    expect(failed).to.equal(core.i18n.t('error.NAME_REGISTER_FAILED', { name: 'alice.wm' }))
    expect(failed).to.include('alice.wm').and.not.equal('Error registering name alice.wm')
  })

  it('reads the e-mail cooldown as a relative time in the active locale, and as core wrote it in English', async () => {
    const core = withLanguages()
    const cooldown = 'Please try again after 27 seconds'
    expect(errorWords(core, cooldown, [EMBEDDED_ERROR_MESSAGES])).to.equal(cooldown)
    await core.i18n.setLocale('de')
    expect(errorWords(core, cooldown, [EMBEDDED_ERROR_MESSAGES])).to.equal('Bitte in 27 Sekunden erneut versuchen')
    await core.i18n.setLocale('ru')
    expect(errorWords(core, 'Please try again after 1 seconds', [EMBEDDED_ERROR_MESSAGES])).to.equal('Повторите попытку через 1 секунду')
  })
})
