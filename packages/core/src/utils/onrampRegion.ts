/**
 * Time zones of the regions the on-ramp is not offered in (spec §9: mainland China, Hong Kong and
 * Macau), including their legacy IANA aliases.
 */
export const ONRAMP_RESTRICTED_TIMEZONES: readonly string[] = [
  'Asia/Shanghai',
  'Asia/Urumqi',
  'Asia/Chongqing',
  'Asia/Chungking',
  'Asia/Harbin',
  'Asia/Kashgar',
  'PRC',
  'Asia/Hong_Kong',
  'Hongkong',
  'Asia/Macau',
  'Asia/Macao'
]

/**
 * Whether the visitor's time zone is in a region the on-ramp is not offered in. The time zone is
 * what the browser reports; unknown (no Intl) counts as not restricted.
 *
 * @example onrampRestricted('Asia/Hong_Kong') // true
 */
export function onrampRestricted(timeZone: string | undefined = currentTimeZone()): boolean {
  return timeZone !== undefined && ONRAMP_RESTRICTED_TIMEZONES.includes(timeZone)
}

function currentTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone
  } catch {
    return undefined
  }
}
