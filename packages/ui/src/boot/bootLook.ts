import {
  amountFormatter,
  buttonLabels,
  detectLocale,
  resolveLocale,
  shortenAddress,
  STORAGE_KEYS,
  STORAGE_PREFIX,
  type WalletModalOptions
} from '@wallet-modal/core/internal'

/** What the bootstrap paints `<connect-button>` with, before the modal's code has loaded. */
export interface BootLook {
  locale: string
  dir: 'ltr' | 'rtl'
  themeMode: 'light' | 'dark'
  themeVariables: Readonly<Record<string, string | number>>
  labels: { connect: string; connecting: string; account: string }
  /** A returning visitor's stored account: shown (busy) until the wallet confirms it. */
  account?: { address: string; display: string; balance?: string; symbol?: string }
}

/** The chain family of the site's default network (a CAIP-2 id names it before the colon), as core resolves it. */
export function defaultNamespaceOf(options: Partial<WalletModalOptions> | undefined): string | undefined {
  const wanted = options?.defaultNetwork
  const network = typeof wanted === 'string' ? { caipNetworkId: wanted } : (wanted ?? options?.networks?.[0])
  if (!network) return undefined
  return ('chainNamespace' in network && network.chainNamespace) || (network.caipNetworkId ? network.caipNetworkId.split(':')[0]! : 'eip155')
}

/** A stored record's value (`{ value, timestamp }` JSON, as core writes it), or undefined. */
function stored(backend: Pick<Storage, 'getItem'> | undefined, key: string): unknown {
  try {
    const raw = backend?.getItem(STORAGE_PREFIX + key)
    const record = raw ? (JSON.parse(raw) as { value?: unknown; timestamp?: unknown }) : undefined
    return record && typeof record.timestamp === 'number' ? record.value : undefined
  } catch {
    return undefined
  }
}

/** The page's localStorage, where usable (it throws in some privacy modes). */
function localStore(): Pick<Storage, 'getItem'> | undefined {
  try {
    return globalThis.localStorage
  } catch {
    return undefined
  }
}

/**
 * The look core's first render will have, worked out without core (same rules): the language
 * (the site's `locale`, else the page's or browser's, English when that is English), the theme
 * mode, and, for a returning visitor, the stored account of the default network's family with its
 * last known balance.
 */
export function bootLook(options: Partial<WalletModalOptions> | undefined): BootLook {
  const hint = options?.locale ?? (globalThis.document?.documentElement.lang || globalThis.navigator?.languages?.[0])
  const locale = hint && !/^en(-|$)/i.test(hint) ? (options?.locale ? (resolveLocale([options.locale]) ?? 'en') : detectLocale()) : 'en'
  const themeMode = options?.themeMode ?? (globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light')
  const look: BootLook = {
    locale,
    dir: locale === 'ar' ? 'rtl' : 'ltr',
    themeMode,
    themeVariables: options?.themeVariables ?? {},
    labels: buttonLabels(locale)
  }
  const ns = defaultNamespaceOf(options)
  const storage = (options?.storage as Pick<Storage, 'getItem'> | undefined) ?? localStore()
  if (!ns || options?.enableReconnect === false || stored(storage, STORAGE_KEYS.connectionStatus) !== 'connected') return look
  const caip = stored(storage, STORAGE_KEYS.connectedAddress(ns))
  if (typeof caip !== 'string' || typeof stored(storage, STORAGE_KEYS.connectedConnectorId(ns)) !== 'string') return look
  const address = caip.split(':')[2] ?? ''
  const cached = stored(storage, STORAGE_KEYS.nativeBalance(caip)) as { balance?: unknown; symbol?: unknown } | undefined
  const balance = typeof cached?.balance === 'string' && typeof cached.symbol === 'string' ? cached : undefined
  look.account = {
    address,
    display: shortenAddress(address),
    balance: balance && (locale === 'en' ? (balance.balance as string) : amountFormatter(locale as never)(balance.balance as string)),
    symbol: balance?.symbol as string | undefined
  }
  return look
}
