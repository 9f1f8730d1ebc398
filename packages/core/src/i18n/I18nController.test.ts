import { expect } from 'chai'
import { createI18nController } from './I18nController.js'
import { amountFormatter, detectLocale, resolveLocale } from './switchLocale.js'

describe('I18nController', () => {
  it('shows English from the start, with placeholders and numbers', () => {
    const i18n = createI18nController()
    expect(i18n.state).to.deep.include({ locale: 'en', dir: 'ltr' })
    expect(i18n.t('button.connect')).to.equal('Connect Wallet')
    expect(i18n.t('button.pending', { count: 2 })).to.equal('2 pending')
    expect(i18n.t('button.account', { address: '0xabc' })).to.equal('Account 0xabc')
  })

  it('switches to a locale once its chunk has arrived, with its plural rules and direction', async () => {
    const i18n = createI18nController()
    await i18n.setLocale('ru')
    expect(i18n.state).to.deep.include({ locale: 'ru', dir: 'ltr' })
    expect(i18n.t('button.connect')).to.equal('Подключить кошелёк')
    await i18n.setLocale('ar')
    expect(i18n.state).to.deep.include({ locale: 'ar', dir: 'rtl' })
    // Arabic has six plural forms: zero, one, two, few (3-10), many (11-99), other; digits are Arabic-Indic.
    expect(i18n.t('button.pending', { count: 0 })).to.equal('لا شيء قيد الانتظار')
    expect(i18n.t('button.pending', { count: 2 })).to.equal('معاملتان قيد الانتظار')
    expect(i18n.t('button.pending', { count: 3 })).to.equal(`${(3).toLocaleString('ar')} معاملات قيد الانتظار`)
    await i18n.setLocale('pt')
    expect(i18n.state.locale).to.equal('pt-BR')
    expect(i18n.t('button.pending', { count: 1 })).to.equal('1 pendente')
    expect(i18n.t('button.pending', { count: 3 })).to.equal('3 pendentes')
  })

  it('keeps the current language when asked for one without a catalogue', async () => {
    const i18n = createI18nController()
    await i18n.setLocale('de')
    let error: unknown
    await i18n.setLocale('xx-YY').catch(e => (error = e))
    expect(String(error)).to.include('No catalogue for the locale "xx-YY"')
    expect(i18n.state.locale).to.equal('de')
    expect(i18n.t('button.connect')).to.equal('Wallet verbinden')
  })

  it('applies the last request when chunks arrive out of order', async () => {
    const i18n = createI18nController()
    // Japanese asked last; whichever chunk lands last, Japanese is what shows.
    await Promise.all([i18n.setLocale('ko'), i18n.setLocale('ja')])
    expect(i18n.state.locale).to.equal('ja')
    await i18n.setLocale('ja')
    await Promise.all([i18n.setLocale('zh-TW'), i18n.setLocale('ja')])
    expect(i18n.state.locale).to.equal('ja')
  })

  it('lets a site replace single strings in every locale, as text with placeholders or as a function', async () => {
    const i18n = createI18nController({ messages: { 'button.connect': 'Sign in', 'button.pending': v => `${v.count} waiting` } })
    expect(i18n.t('button.connect')).to.equal('Sign in')
    expect(i18n.t('button.pending', { count: 4 })).to.equal('4 waiting')
    await i18n.setLocale('fr')
    expect(i18n.t('button.connect')).to.equal('Sign in')
    expect(i18n.t('button.connecting')).to.equal('Connexion…')
    const revision = i18n.state.revision
    i18n.setMessages({ 'button.account': 'Compte de {address} ({missing})' })
    expect(i18n.state.revision).to.equal(revision + 1)
    expect(i18n.t('button.account', { address: '0x1' })).to.equal('Compte de 0x1 ({missing})')
  })

  it("starts in the site's locale, else the page's language; English with a warning for one without a catalogue", async () => {
    const site = createI18nController()
    await site.start('ko-KR')
    expect(site.state.locale).to.equal('ko')
    const lang = document.documentElement.lang
    const warnings: string[] = []
    const warn = console.warn
    console.warn = (...args: unknown[]) => void warnings.push(args.join(' '))
    try {
      document.documentElement.lang = 'vi'
      const page = createI18nController()
      await page.start()
      expect(page.state.locale).to.equal('vi')
      const unknown = createI18nController()
      await unknown.start('tlh')
      expect(unknown.state.locale).to.equal('en')
      expect(warnings).to.deep.equal([
        '[wallet-modal] No catalogue for the locale "tlh" (available: en, es, fr, de, it, pt-BR, ru, uk, tr, ar, hi, id, vi, ja, ko, zh-CN, zh-TW); showing English'
      ])
    } finally {
      console.warn = warn
      document.documentElement.lang = lang
    }
  })

  it('resolves tags to the nearest locale, and detects the page language first', () => {
    expect(resolveLocale(['de-AT'])).to.equal('de')
    expect(resolveLocale(['ZH-hant-HK'])).to.equal('zh-TW')
    expect(resolveLocale(['zh-SG'])).to.equal('zh-CN')
    expect(resolveLocale(['nl', 'es-MX'])).to.equal('es')
    expect(resolveLocale(['<script>', '', undefined, 'nl'])).to.equal(undefined)
    const lang = document.documentElement.lang
    try {
      document.documentElement.lang = 'uk-UA'
      expect(detectLocale()).to.equal('uk')
      document.documentElement.lang = ''
      expect(detectLocale()).to.equal(resolveLocale(navigator.languages) ?? 'en')
    } finally {
      document.documentElement.lang = lang
    }
  })

  it('writes amounts in the active locale, every digit kept (balances stay truncated, never rounded)', async () => {
    const i18n = createI18nController()
    expect(i18n.format.amount('1234.500')).to.equal('1234.500')
    await i18n.setLocale('de')
    expect(i18n.format.amount('1234.500')).to.equal('1.234,500')
    expect(i18n.format.amount('0.999')).to.equal('0,999')
    expect(i18n.format.amount('<0.001')).to.equal('<0,001')
    // Beyond a float's precision: text in, the same digits out.
    expect(i18n.format.amount('12345678901234567.123')).to.equal('12.345.678.901.234.567,123')
    await i18n.setLocale('fr')
    expect(i18n.format.amount('-1234.5')).to.match(/^-1\s234,5$/u)
    await i18n.setLocale('en')
    expect(i18n.format.amount('1234.500')).to.equal('1234.500')
    expect(amountFormatter('hi')('100000.25')).to.equal('1,00,000.25')
  })
})
