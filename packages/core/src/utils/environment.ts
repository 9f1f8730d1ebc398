import { isBrowser } from './platform.js'

// Environment checks only lazily loaded code needs (Connect's lists, the social logins): a module
// of their own, so they do not ride in the first chunk with platform.ts.

/** The browser's user agent ('' outside a browser). */
const ua = (): string => (isBrowser() ? navigator.userAgent : '')

/** An iPhone, iPad or iPod (iPadOS reports a Mac with touch). */
export function isIos(): boolean {
  return /iPhone|iPad|iPod/.test(ua()) || (/Macintosh/.test(ua()) && isBrowser() && navigator.maxTouchPoints > 1)
}

/** An Android device. */
export const isAndroid = (): boolean => /Android/i.test(ua())

/** A Mac (not an iPad). */
export const isMac = (): boolean => /Macintosh|Mac OS X/.test(ua()) && !isIos()

/**
 * Inside Telegram's in-app browser or a Telegram mini app (spec §9 environments): Telegram's
 * bridge objects are on the page (its iOS web view sends no Telegram user agent).
 */
export function isTelegram(): boolean {
  if (!isBrowser()) return false
  const w = window as unknown as Record<string, unknown>
  return !!(w.TelegramWebviewProxy || w.TelegramWebviewProxyProto || (w.Telegram as { WebApp?: unknown } | undefined)?.WebApp) || /Telegram/i.test(ua())
}

/** Safe{Wallet}'s app origins, whose frames host Safe apps. */
const SAFE_ORIGINS = /^https:\/\/(app\.safe\.global|[a-z0-9-]+\.safe\.global)$/

/**
 * The Safe{Wallet} origin framing this page as a Safe app (spec §9 environments), or undefined.
 * `extraOrigins`: a self-hosted Safe{Wallet}'s origins (the site's `safeAppOrigins`).
 */
export function safeAppOrigin(extraOrigins: readonly string[] = []): string | undefined {
  if (!isBrowser() || window.parent === window) return undefined
  const ancestors = (location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins
  // The frame's parent: the nearest ancestor (Chromium, Safari) or, failing that, the referrer.
  const parent = ancestors?.length ? ancestors[0] : document.referrer ? new URL(document.referrer).origin : ''
  return parent && (SAFE_ORIGINS.test(parent) || extraOrigins.includes(parent)) ? parent : undefined
}

/** Inside a Safe app frame (spec §9 environments): the page is framed by Safe{Wallet}. */
export const isSafeApp = (extraOrigins: readonly string[] = []): boolean => safeAppOrigin(extraOrigins) !== undefined

/** The Safe connector's id (spec §3 connector ids): offered inside a Safe app frame only. */
export const SAFE_CONNECTOR_ID = 'safe'
