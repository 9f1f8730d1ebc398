// The size check of `npm test`: a heavy import cannot land unnoticed. Reads the browser bundle the
// build just wrote (and its manifest) and checks what the first chunk a site loads may hold.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { bundleReport, BROWSER_DIST } from '../../bench/sizes.mjs'
import { BUDGETS } from '../../bench/budgets.mjs'

const report = bundleReport()
const firstIds = report.firstModules.map(([id]) => id)

test(`the first chunk is at most ${BUDGETS.firstJsGzip / 1000} KB gzip`, () => {
  assert.ok(report.firstChunk.gzip <= BUDGETS.firstJsGzip, `first chunk ${report.firstChunk.gzip} bytes gzip (files: ${report.firstChunkFiles.join(', ')})`)
})

test(`the bootstrap is at most ${BUDGETS.jsBeforeButtonGzip / 1000} KB gzip, imports nothing before it paints, and holds neither React nor core's state`, () => {
  const boot = readFileSync(join(BROWSER_DIST, 'boot', 'boot.js'))
  const gzip = gzipSync(boot, { level: 9 }).length
  assert.ok(gzip <= BUDGETS.jsBeforeButtonGzip, `boot.js ${gzip} bytes gzip`)
  const text = boot.toString('utf8')
  // Only dynamic imports: nothing is fetched before the button paints.
  assert.doesNotMatch(text, /^import[^(]|[;}]import ?["{*\w]/m, 'boot.js has a static import')
  assert.match(text, /import\(/, 'boot.js loads the rest with import()')
  // React and valtio would be tens of KB; their marks must not be in it.
  for (const mark of ['__SECRET_INTERNALS', 'react.element', 'useSyncExternalStore', 'proxyStateMap']) assert.ok(!text.includes(mark), `boot.js holds ${mark}`)
})

test('the first chunk holds React, valtio and our core and elements only', () => {
  const allowed = /^(react|react-dom|scheduler|valtio|proxy-compare|viem|ox|commonjsHelpers\.js|packages\/core|packages\/ui)$/
  const unexpected = Object.keys(report.firstByPackage).filter(p => !allowed.test(p))
  assert.deepEqual(unexpected, [])
  // viem only for tiny utilities (formatUnits): a client or actions would be tens of KB.
  const viemBytes = (report.firstByPackage.viem ?? 0) + (report.firstByPackage.ox ?? 0)
  assert.ok(viemBytes < 8_000, `viem in the first chunk: ${viemBytes} bytes`)
  for (const lib of ['@solana/', '@walletconnect/', '@coinbase/', 'sats-connect', 'qrcode', 'uqr']) assert.ok(!firstIds.some(id => id.includes(lib)), lib)
})

test('the dialog, the views beyond Connect/Account, the Send/Activity/sign-in state and flows and the e-mail wallet are lazy chunks', () => {
  for (const lazy of [
    'WalletModal.tsx',
    'WalletConnectClient.ts',
    'QrCode.tsx',
    'ConnectingWalletConnectView.tsx',
    'ConnectingWalletConnectBasicView.tsx',
    'NetworksView.tsx',
    'SwitchNetworkView.tsx',
    'UnsupportedChainView.tsx',
    'ConnectingExternalView.tsx',
    'modalStyles.ts',
    'WalletSendView.tsx',
    'WalletSendSelectTokenView.tsx',
    'WalletSendPreviewView.tsx',
    'WalletReceiveView.tsx',
    'TransactionsView.tsx',
    'sendTokens.ts',
    'sendDraft.ts',
    'sendFee.ts',
    'sendReceiver.ts',
    'pendingTransactions.ts',
    'eip155Transfers.ts',
    'disconnect.ts',
    'reconnect.ts',
    'transactions.ts',
    'SendController.ts',
    'TransactionsController.ts',
    'signIn.ts',
    'SIWXController.ts',
    'createServiceSIWX.ts',
    'createLocalSIWX.ts',
    'formatSIWXMessage.ts',
    'SIWXSignMessageView.tsx',
    'embedded.ts',
    'embeddedState.ts',
    'EmbeddedController.ts',
    'FrameClient.ts',
    'EmbeddedProvider.ts',
    'embeddedSolanaWallet.ts',
    'createEmbeddedWallet.ts',
    'embeddedMessages.ts',
    'EmailLoginView.tsx',
    'ApproveTransactionView.tsx',
    'UpdateEmailWalletView.tsx',
    'ExportWalletView.tsx',
    'ProviderEvents.ts',
    'social.ts',
    'socialCodes.ts',
    'ConnectingSocialView.tsx',
    'SwapView.tsx',
    'SwapSelectTokenView.tsx',
    'swapDraft.ts',
    'swapExecute.ts',
    'SwapController.ts',
    'swapCodes.ts',
    'SwapClient.ts',
    'OnRampProvidersView.tsx',
    'OnRampBuyView.tsx',
    'flows/onramp.ts',
    'OnRampController.ts',
    'OnRampClient.ts',
    'LegalCheckbox.tsx',
    'legalStyles.ts',
    'legalConsent.ts',
    'fungiblePrice.ts',
    'eip155SignMessage.ts',
    'unverifiedDomain.ts',
    'walletAssetBalances.ts',
    'loadModalFont.ts',
    'interFontUrl.ts',
    'watchCoinbaseSdk.ts',
    'CoinbaseSdkProvider.ts',
    'AccountTabs.tsx',
    'pacedHeartbeat.ts'
  ]) {
    assert.ok(!firstIds.some(id => id.endsWith(lazy)), `${lazy} is in the first chunk`)
  }
  assert.ok(
    firstIds.some(id => id.endsWith('ConnectButton.tsx')),
    'the button is in the first chunk'
  )
})

test('the Coinbase Wallet SDK is a chunk of its own, loaded only when its row is used', () => {
  const modal = Object.keys(report.chunks).find(f => /WalletModal-/.test(f))!
  const holding = Object.entries(report.manifest)
    .filter(([, c]) => Object.keys(c.modules).some(id => id.includes('@coinbase/wallet-sdk')))
    .map(([f]) => f)
  assert.equal(holding.length, 1, `@coinbase/wallet-sdk in one chunk: ${holding.join(', ')}`)
  assert.notEqual(holding[0], modal)
})

test('the social login flow loads only when a social login is used: not with Connect', () => {
  const holding = (needle: string) =>
    Object.entries(report.manifest)
      .filter(([, c]) => Object.keys(c.modules).some(id => id.endsWith(needle)))
      .map(([f]) => f)
  const modal = Object.keys(report.chunks).find(f => /WalletModal-/.test(f))!
  for (const lazy of ['flows/social.ts', 'errors/socialCodes.ts', 'ConnectingSocialView.tsx', 'ConnectingFarcasterView.tsx']) {
    const chunks = holding(lazy)
    assert.equal(chunks.length, 1, `${lazy} in one chunk`)
    assert.notEqual(chunks[0], modal, `${lazy} is not in the dialog's chunk`)
  }
})

test('Swap, the on-ramp and account names load only when used: not with the dialog', () => {
  const holding = (needle: string) =>
    Object.entries(report.manifest)
      .filter(([, c]) => Object.keys(c.modules).some(id => id.endsWith(needle)))
      .map(([f]) => f)
  const modal = Object.keys(report.chunks).find(f => /WalletModal-/.test(f))!
  for (const lazy of [
    'SwapView.tsx',
    'SwapSelectTokenView.tsx',
    'flows/swapDraft.ts',
    'flows/swapExecute.ts',
    'controllers/SwapController.ts',
    'errors/swapCodes.ts',
    'api/SwapClient.ts',
    'OnRampProvidersView.tsx',
    'OnRampBuyView.tsx',
    'flows/onramp.ts',
    'controllers/OnRampController.ts',
    'api/OnRampClient.ts',
    'RegisterAccountNameView.tsx',
    'RegisterAccountNameSuccessView.tsx',
    'flows/accountNames.ts',
    'flows/profileName.ts',
    'controllers/NamesController.ts',
    'errors/nameCodes.ts',
    'api/NamesClient.ts'
  ]) {
    const chunks = holding(lazy)
    assert.equal(chunks.length, 1, `${lazy} in one chunk`)
    assert.notEqual(chunks[0], modal, `${lazy} is not in the dialog's chunk`)
  }
})

test("the connection announcer (a11y live regions) loads as the dialog shows, in neither the first chunk nor the dialog's", () => {
  const holding = Object.entries(report.manifest)
    .filter(([, c]) => Object.keys(c.modules).some(id => id.endsWith('components/ConnectionAnnouncer.tsx')))
    .map(([f]) => f)
  const modal = Object.keys(report.chunks).find(f => /WalletModal-/.test(f))!
  assert.equal(holding.length, 1, 'in one chunk')
  assert.ok(!report.firstChunkFiles.includes(holding[0]!) && holding[0] !== modal, holding[0])
})

test(`all JS up to the Connect view stays within ${BUDGETS.jsAfterConnectGzip / 1000} KB gzip`, () => {
  const modal = Object.keys(report.chunks).filter(f => /WalletModal-/.test(f))
  assert.equal(modal.length, 1)
  // The dialog's chunk and every chunk it imports statically (they load with it), beyond the first.
  const loaded = new Set<string>()
  const visit = (file: string): void => {
    if (loaded.has(file) || report.firstChunkFiles.includes(file)) return
    loaded.add(file)
    for (const next of report.manifest[file]?.imports ?? []) visit(next)
  }
  visit(modal[0]!)
  const total = report.firstChunk.gzip + [...loaded].reduce((sum, f) => sum + report.chunks[f]!.gzip, 0)
  assert.ok(total <= BUDGETS.jsAfterConnectGzip, `${total} bytes gzip (${[...loaded].join(', ')})`)
})

test('WalletConnect (the sign-client) and the QR code load only when a WalletConnect view or session needs them', () => {
  const holding = (needle: string) =>
    Object.entries(report.manifest)
      .filter(([, c]) => Object.keys(c.modules).some(id => id.includes(needle)))
      .map(([f]) => f)
  const signClient = holding('@walletconnect/sign-client')
  assert.equal(signClient.length, 1, 'one chunk holds the sign-client')
  assert.match(signClient[0]!, /WalletConnectClient-/)
  const qr = holding('node_modules/uqr')
  assert.equal(qr.length, 1, 'one chunk holds the QR encoder')
  // Neither is in what Connect needs (first chunk + dialog).
  const modal = Object.keys(report.chunks).find(f => /WalletModal-/.test(f))!
  assert.ok(![...signClient, ...qr].includes(modal))
  assert.ok(report.chunks[signClient[0]!]!.gzip < 140_000, `sign-client chunk ${report.chunks[signClient[0]!]!.gzip} bytes gzip`)
})

test('no browser chunk imports a Node built-in (packages’ browser-field mappings are applied)', async () => {
  const { readdirSync, readFileSync } = await import('node:fs')
  const { builtinModules } = await import('node:module')
  const { join } = await import('node:path')
  const { BROWSER_DIST } = await import('../../bench/sizes.mjs')
  const files = [
    'wallet-modal.js',
    ...readdirSync(join(BROWSER_DIST, 'chunks'))
      .filter(f => f.endsWith('.js'))
      .map(f => `chunks/${f}`)
  ]
  const builtins = new Set(builtinModules.flatMap(m => [m, `node:${m}`]))
  const offending: string[] = []
  for (const f of files) {
    const code = readFileSync(join(BROWSER_DIST, f), 'utf8')
    for (const m of code.matchAll(/(?:from|import)\s*\(?\s*["']([^"'./][^"']*)["']/g)) if (builtins.has(m[1]!)) offending.push(`${f}: ${m[1]}`)
  }
  assert.deepEqual(offending, [])
})
