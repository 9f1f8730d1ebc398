import { expect } from 'chai'
import { captureWarnings } from '../__fixtures__/captureWarnings.js'
import { TEST_NETWORKS } from '../__fixtures__/networks.js'
import type { WalletModalOptions } from '../types/options.js'
import { isMobile } from '../utils/platform.js'
import { APPKIT_FEATURES, APPKIT_OPTIONS, fromAppKit } from './appKitOptions.js'
import { WALLET_MODAL_OPTION_NAMES } from './optionNames.js'
import { createOptionsController } from './OptionsController.js'
import { resolveOptions } from './resolveOptions.js'

// What a site writes: networks without the derived CAIP ids.
const networks = TEST_NETWORKS.map(({ caipNetworkId, ...n }) => n)
// Options as a site moving from AppKit writes them (AppKit's names are not all in our type's
// narrow shapes, e.g. adapter objects): typed loosely on purpose.
const appKit = (extra: Record<string, unknown>) => fromAppKit({ projectId: 'p', networks, ...extra } as unknown as WalletModalOptions)

describe('AppKit options', () => {
  // Each test is a fresh page: nothing was said yet.
  const warnings = captureWarnings()

  it("allWallets 'SHOW' | 'HIDE' | 'ONLY_MOBILE' becomes features.allWallets; ours wins when both are given", () => {
    expect(resolveOptions(appKit({ allWallets: 'SHOW' })).features.allWallets).to.equal(true)
    expect(resolveOptions(appKit({ allWallets: 'HIDE' })).features.allWallets).to.equal(false)
    // Phones only: decided for this page (a desktop Chromium here).
    expect(resolveOptions(appKit({ allWallets: 'ONLY_MOBILE' })).features.allWallets).to.equal(isMobile())
    expect(resolveOptions(appKit({ allWallets: 'HIDE', features: { allWallets: true } })).features.allWallets).to.equal(true)
    // The Connect view reads it through the options controller.
    expect(createOptionsController(appKit({ allWallets: 'HIDE' })).state.features.allWallets).to.equal(false)
    expect(warnings.list).to.deep.equal([])
    expect(resolveOptions(appKit({ allWallets: 'NEVER' })).features.allWallets).to.equal(true)
    expect(warnings.list).to.deep.equal([`[wallet-modal] AppKit option "allWallets" ignored: it must be 'SHOW', 'HIDE' or 'ONLY_MOBILE'`])
  })

  it('AppKit names equal to ours keep their meaning and never warn', () => {
    const o = resolveOptions(
      appKit({
        termsConditionsUrl: 'https://site.example/terms',
        privacyPolicyUrl: 'https://site.example/privacy',
        enableWalletConnect: false,
        defaultNetwork: 'eip155:31338',
        featuredWalletIds: ['a'],
        includeWalletIds: ['b'],
        excludeWalletIds: ['c'],
        metadata: { name: 'My App', description: 'd', url: 'https://site.example', icons: ['https://site.example/i.png'] },
        themeMode: 'dark',
        allowUnsupportedChain: true,
        enableNetworkSwitch: false,
        enableReconnect: false,
        enableInjected: false,
        enableEIP6963: false,
        disableAppend: true,
        debug: true,
        features: { analytics: false, email: false, socials: ['google', 'github'], swaps: false, onramp: false, legalCheckbox: true, collapseWallets: true }
      })
    )
    expect(o).to.include({ termsConditionsUrl: 'https://site.example/terms', privacyPolicyUrl: 'https://site.example/privacy', relayUrl: undefined })
    expect(o.defaultNetwork.caipNetworkId).to.equal('eip155:31338')
    expect([o.featuredWalletIds, o.includeWalletIds, o.excludeWalletIds]).to.deep.equal([['a'], ['b'], ['c']])
    expect(o.metadata.name).to.equal('My App')
    expect(o).to.include({ themeMode: 'dark', allowUnsupportedChain: true, enableNetworkSwitch: false, enableReconnect: false, disableAppend: true })
    expect(o.features).to.include({ analytics: false, email: false, swaps: false, onramp: false, legalCheckbox: true, collapseWallets: true })
    expect(o.features.socials).to.deep.equal(['google', 'github'])
    expect(warnings.list).to.deep.equal([])
  })

  it('none of our own options ever warns', () => {
    const every = Object.fromEntries(Object.keys(WALLET_MODAL_OPTION_NAMES).map(name => [name, `value of ${name}`]))
    const out = fromAppKit(every as unknown as WalletModalOptions) as unknown as Record<string, unknown>
    expect(warnings.list).to.deep.equal([])
    // Passed on untouched (the site's values are checked by resolveOptions after this).
    for (const name of Object.keys(WALLET_MODAL_OPTION_NAMES)) expect(out[name]).to.equal(`value of ${name}`)
  })

  it('an unknown option warns once per name per page and is left out', () => {
    const o = resolveOptions(appKit({ colour: 'red', chainz: [] })) as unknown as Record<string, unknown>
    resolveOptions(appKit({ colour: 'blue' }))
    expect(o.colour).to.equal(undefined)
    expect(warnings.list).to.deep.equal(['[wallet-modal] unknown option "colour" ignored', '[wallet-modal] unknown option "chainz" ignored'])
  })

  it('an AppKit option with no equivalent warns once, unless its value asks for what the modal does anyway', () => {
    resolveOptions(appKit({ enableWalletGuide: false, showWallets: true, basic: false, enableBaseAccount: false, features: { smartSessions: false } }))
    expect(warnings.list).to.deep.equal([])
    resolveOptions(appKit({ enableWalletGuide: true, universalProvider: {}, defaultAccountTypes: { eip155: 'eoa' }, features: { smartSessions: true } }))
    resolveOptions(appKit({ enableWalletGuide: true, features: { smartSessions: true } }))
    expect(warnings.list).to.deep.equal([
      '[wallet-modal] AppKit option "features.smartSessions" has no equivalent and is ignored',
      '[wallet-modal] AppKit option "enableWalletGuide" has no equivalent and is ignored',
      '[wallet-modal] AppKit option "universalProvider" has no equivalent and is ignored',
      '[wallet-modal] AppKit option "defaultAccountTypes" has no equivalent and is ignored'
    ])
    const o = resolveOptions(appKit({ showWallets: false })) as unknown as Record<string, unknown>
    expect(o.showWallets).to.equal(undefined)
    expect(warnings.list.at(-1)).to.equal('[wallet-modal] AppKit option "showWallets" has no equivalent and is ignored')
  })

  it("features.history is our features.activity (Account's Activity tab)", () => {
    expect(resolveOptions(appKit({ features: { history: false } })).features.activity).to.equal(false)
    expect(resolveOptions(appKit({ features: { history: false, activity: true } })).features.activity).to.equal(true)
    expect(resolveOptions(appKit({ features: { history: false } })).features.history).to.equal(undefined)
    expect(warnings.list).to.deep.equal([])
  })

  it("customRpcUrls come first in the network's rpcUrls; chainImages become the network's image", () => {
    const o = resolveOptions(
      appKit({
        customRpcUrls: {
          'eip155:31337': [{ url: 'https://rpc.site.example/1' }],
          'solana:devnet': [{ url: 'https://sol.site.example', config: { fetchOptions: {} } }]
        },
        chainImages: { 31338: 'https://img.site.example/2.png', 'solana:devnet': 'data:image/png;base64,AA==' }
      })
    )
    expect(o.networks.map(n => n.rpcUrls.default.http)).to.deep.equal([
      ['https://rpc.site.example/1', 'http://127.0.0.1:1/'],
      ['http://127.0.0.1:2/'],
      ['https://sol.site.example', 'http://127.0.0.1:3/']
    ])
    expect(o.networks.map(n => n.assets?.imageUrl)).to.deep.equal([undefined, 'https://img.site.example/2.png', 'data:image/png;base64,AA=='])
    // The site's network objects are not changed.
    expect(networks[0]!.rpcUrls.default.http).to.deep.equal(['http://127.0.0.1:1/'])
    expect(warnings.list).to.deep.equal(['[wallet-modal] AppKit option "customRpcUrls" used without its URLs\' config (fetch options)'])
  })

  it('enableCoinbase and coinbasePreference become coinbaseWalletSDK; ours wins', () => {
    expect(resolveOptions(appKit({ coinbasePreference: 'smartWalletOnly' })).coinbaseWalletSDK).to.deep.equal({ options: 'smartWalletOnly' })
    expect(resolveOptions(appKit({ enableCoinbase: true })).coinbaseWalletSDK).to.equal(true)
    expect(resolveOptions(appKit({ enableCoinbase: true, coinbasePreference: 'eoaOnly' })).coinbaseWalletSDK).to.deep.equal({ options: 'eoaOnly' })
    expect(resolveOptions(appKit({ enableCoinbase: false, coinbasePreference: 'eoaOnly' })).coinbaseWalletSDK).to.equal(false)
    expect(resolveOptions(appKit({ enableCoinbase: true, coinbaseWalletSDK: false })).coinbaseWalletSDK).to.equal(false)
    expect(resolveOptions(appKit({})).coinbaseWalletSDK).to.equal(undefined)
    expect(warnings.list).to.deep.equal([])
  })

  it("AppKit adapter objects count for their namespace (one warning); our namespaces don't warn", () => {
    const wagmiLike = { namespace: 'eip155', wagmiConfig: {} }
    const solanaLike = { namespace: 'solana' }
    expect(resolveOptions(appKit({ adapters: [wagmiLike, solanaLike] })).adapters).to.deep.equal(['eip155', 'solana'])
    expect(resolveOptions(appKit({ adapters: [wagmiLike] })).adapters).to.deep.equal(['eip155'])
    expect(warnings.list).to.deep.equal([
      `[wallet-modal] AppKit option "adapters": only each adapter's namespace is used (a wagmi site adds @wallet-modal/wagmi)`
    ])
    // No adapters at all is WalletConnect only, in AppKit as here.
    expect(resolveOptions(appKit({ adapters: [] })).adapters).to.deep.equal([])
    expect(resolveOptions(appKit({ adapters: ['eip155'] })).adapters).to.deep.equal(['eip155'])
    expect(warnings.list).to.have.length(1)
  })

  it('themeVariables: --w3m-* become --wm-*; the site object is left as it was', () => {
    const themeVariables = { '--w3m-accent': '#00bb7f', '--w3m-z-index': 1000 }
    const o = resolveOptions(appKit({ themeVariables }))
    expect(o.themeVariables).to.deep.equal({ '--wm-accent': '#00bb7f', '--wm-z-index': 1000 })
    expect(themeVariables).to.deep.equal({ '--w3m-accent': '#00bb7f', '--w3m-z-index': 1000 })
    expect(warnings.list).to.deep.equal([])
  })

  it('a whole createAppKit configuration resolves; only what has no equivalent is reported', () => {
    const o = resolveOptions(
      appKit({
        adapters: [],
        metadata: { name: 'AppKit site', description: 'd', url: 'https://site.example', icons: [] },
        allWallets: 'HIDE',
        featuredWalletIds: ['w1'],
        termsConditionsUrl: 'https://site.example/terms',
        privacyPolicyUrl: 'https://site.example/privacy',
        enableWalletGuide: false,
        enableCoinbase: false,
        features: { analytics: false, email: true, socials: ['google'], swaps: false, onramp: false, history: false, smartSessions: true },
        themeMode: 'light',
        themeVariables: {
          '--w3m-accent': 'rgb(0, 187, 127)',
          '--w3m-color-mix': '#00bb7f',
          '--w3m-color-mix-strength': 40,
          '--w3m-border-radius-master': '2px'
        }
      })
    )
    expect(o.features).to.include({ allWallets: false, analytics: false, email: true, swaps: false, onramp: false, activity: false })
    expect(o.themeVariables).to.deep.equal({ '--wm-accent': 'rgb(0, 187, 127)', '--wm-border-radius-master': '2px' })
    expect(o).to.include({ coinbaseWalletSDK: false, termsConditionsUrl: 'https://site.example/terms', themeMode: 'light' })
    expect(warnings.list).to.deep.equal([
      '[wallet-modal] AppKit option "features.smartSessions" has no equivalent and is ignored',
      '[wallet-modal] AppKit theme variable "--w3m-color-mix" has no equivalent and is ignored (set the --wm-color-* variables instead)',
      '[wallet-modal] AppKit theme variable "--w3m-color-mix-strength" has no equivalent and is ignored (set the --wm-color-* variables instead)'
    ])
  })

  it('the tables name only AppKit names that are not ours', () => {
    for (const name of Object.keys(APPKIT_OPTIONS)) expect(Object.hasOwn(WALLET_MODAL_OPTION_NAMES, name), name).to.equal(false)
    for (const name of ['swaps', 'onramp', 'email', 'socials', 'analytics', 'allWallets', 'legalCheckbox', 'receive', 'send'])
      expect(Object.hasOwn(APPKIT_FEATURES, name), name).to.equal(false)
  })
})
