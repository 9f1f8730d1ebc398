import { isIPv6 } from 'node:net'

/** What {@link WindowRateLimit.take} decided. */
export interface RateDecision {
  /** Whether the request may go ahead. */
  allowed: boolean
  /** When refused: whole seconds until the window ends (for `Retry-After`). */
  retryAfterS: number
}

/** Most clients counted in one window by default: beyond it, new clients wait for the next. */
export const RATE_LIMIT_MAX_KEYS = 100_000

/**
 * A fixed-window request counter per key (a client address): at most `limit` takes per window.
 * In memory, because it only has to slow down one process's abusers; counters of a finished
 * window are dropped wholesale, and at most `maxKeys` clients are counted in one window (a new
 * client beyond that waits for the next window), so memory stays bounded under a flood of addresses.
 */
export class WindowRateLimit {
  private counts = new Map<string, number>()
  private windowStart = 0

  /**
   * @param limit - Takes allowed per key and window.
   * @param windowMs - Length of a window.
   * @param now - The clock (tests pass their own).
   * @param maxKeys - Most keys counted per window (default {@link RATE_LIMIT_MAX_KEYS}).
   */
  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxKeys = RATE_LIMIT_MAX_KEYS
  ) {}

  /**
   * Counts one request of `key` and says whether it is within the limit.
   *
   * @param key - Whose request, e.g. {@link clientKey} of the client's address.
   */
  take(key: string): RateDecision {
    const now = this.now()
    if (now - this.windowStart >= this.windowMs) {
      this.counts = new Map()
      this.windowStart = now
    }
    const retryAfterS = Math.max(1, Math.ceil((this.windowStart + this.windowMs - now) / 1000))
    const seen = this.counts.get(key)
    if (seen === undefined && this.counts.size >= this.maxKeys) return { allowed: false, retryAfterS }
    const count = (seen ?? 0) + 1
    this.counts.set(key, count)
    return count <= this.limit ? { allowed: true, retryAfterS: 0 } : { allowed: false, retryAfterS }
  }
}

/**
 * The key a client address is counted under: an IPv4 address as is (also when IPv4-mapped), an
 * IPv6 address by its /64 prefix, because one subscriber usually holds a whole /64 and could
 * otherwise change address for every request.
 *
 * @param ip - The client address as the server sees it (`request.ip`).
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip)
  if (mapped) return mapped[1]!
  if (!isIPv6(ip)) return ip
  const [head = '', tail = ''] = ip.toLowerCase().split('::')
  const front = head ? head.split(':') : []
  const back = ip.includes('::') ? (tail ? tail.split(':') : []) : []
  // A trailing dotted IPv4 part stands for two groups (it only ever falls in the host half).
  const width = (part: string[]) => part.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0)
  const groups = [...front, ...Array(Math.max(0, 8 - width(front) - width(back))).fill('0'), ...back]
  return `${groups.slice(0, 4).map(g => g.replace(/^0+(?=.)/, '')).join(':')}::/64`
}
