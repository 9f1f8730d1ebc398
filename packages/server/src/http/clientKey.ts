import { isIPv6 } from 'node:net'

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
  return `${groups
    .slice(0, 4)
    .map(g => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`
}
