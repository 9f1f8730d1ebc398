import type { SiwxMessage } from './SiwxMessage.js'

/**
 * What {@link parseCaip122Message} reads: the message fields before the chain is resolved, so
 * the namespace is not known yet and `chainId` is the `Chain ID` line as written (a CAIP-2
 * reference such as `1` or `7hrt...`, or a full CAIP-2 id).
 */
export type Caip122Fields = Omit<SiwxMessage, 'namespace' | 'chainId'> & {
  /** The chain family the header names: `Ethereum`, `Solana`, `Bitcoin`, ... */
  family: string
  chainId: string
}

const HEADER = /^(?:(?<scheme>[a-zA-Z][a-zA-Z0-9+.-]*):\/\/)?(?<domain>[^\s/?#@]+) wants you to sign in with your (?<family>[A-Za-z0-9 ]{1,40}) account:$/
// CAIP-10's account address alphabet, bounded as there.
const ADDRESS = /^[-.%a-zA-Z0-9]{1,128}$/
const NONCE = /^[a-zA-Z0-9]{8,}$/
const CHAIN_ID = /^(?:[-a-z0-9]{3,8}:)?[-_a-zA-Z0-9]{1,32}$/
// RFC 3339 date-time (what CAIP-122 and EIP-4361 require); Date alone accepts far looser forms.
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/

/** The labelled lines after the statement, in the order the format fixes. */
const FIELDS = [
  { label: 'URI', key: 'uri', required: true },
  { label: 'Version', key: 'version', required: true },
  { label: 'Chain ID', key: 'chainId', required: true },
  { label: 'Nonce', key: 'nonce', required: true },
  { label: 'Issued At', key: 'issuedAt', required: true },
  { label: 'Expiration Time', key: 'expirationTime', required: false },
  { label: 'Not Before', key: 'notBefore', required: false },
  { label: 'Request ID', key: 'requestId', required: false }
] as const

/**
 * Reads a CAIP-122 sign-in message in its text form, the EIP-4361 layout with the chain family
 * named in the header (`example.com wants you to sign in with your Solana account:`), or returns
 * undefined when the text does not follow it. Lines come in the fixed order; the required ones
 * (URI, Version, Chain ID, Nonce, Issued At) must be there; dates must be RFC 3339; nothing may
 * follow the resources. Being strict keeps one text from reading two ways: what the wallet showed
 * is what the server checks.
 *
 * Used for the non-EVM forms; EIP-4361 messages go through viem's parser.
 *
 * @param text - The message exactly as signed.
 */
export function parseCaip122Message(text: string): Caip122Fields | undefined {
  // A carriage return could hide text from a wallet's display and make lines read differently.
  if (text.includes('\r')) return undefined
  const lines = text.split('\n')
  // A trailing newline (or several) is harmless; anything else after the fields is not.
  while (lines.length > 0 && lines.at(-1) === '') lines.pop()
  const header = HEADER.exec(lines[0] ?? '')?.groups
  const address = lines[1] ?? ''
  if (!header || !ADDRESS.test(address)) return undefined

  let i = 2
  const skipBlank = () => {
    while (lines[i] === '') i++
  }
  skipBlank()
  let statement: string | undefined
  if (lines[i] !== undefined && !lines[i]!.startsWith('URI: ')) {
    statement = lines[i]
    i++
    skipBlank()
  }

  const values: Partial<Record<(typeof FIELDS)[number]['key'], string>> = {}
  for (const field of FIELDS) {
    const prefix = `${field.label}: `
    if (lines[i]?.startsWith(prefix)) {
      values[field.key] = lines[i]!.slice(prefix.length)
      i++
    } else if (field.required) {
      return undefined
    }
  }
  let resources: string[] | undefined
  if (lines[i] === 'Resources:') {
    resources = []
    for (i++; lines[i]?.startsWith('- '); i++) resources.push(lines[i]!.slice(2))
  }
  if (i !== lines.length) return undefined

  const { uri, version, chainId, nonce } = values as Record<'uri' | 'version' | 'chainId' | 'nonce', string>
  if (!uri || !CHAIN_ID.test(chainId) || !NONCE.test(nonce)) return undefined
  const issuedAt = parseDateTime(values.issuedAt)
  const expirationTime = parseDateTime(values.expirationTime)
  const notBefore = parseDateTime(values.notBefore)
  if (!issuedAt || (values.expirationTime !== undefined && !expirationTime) || (values.notBefore !== undefined && !notBefore)) return undefined

  return {
    ...(header.scheme ? { scheme: header.scheme } : {}),
    domain: header.domain!,
    family: header.family!,
    address,
    ...(statement !== undefined ? { statement } : {}),
    uri,
    version,
    chainId,
    nonce,
    issuedAt,
    ...(expirationTime ? { expirationTime } : {}),
    ...(notBefore ? { notBefore } : {}),
    ...(values.requestId !== undefined ? { requestId: values.requestId } : {}),
    ...(resources ? { resources } : {})
  }
}

function parseDateTime(value: string | undefined): Date | undefined {
  if (value === undefined || !DATE_TIME.test(value)) return undefined
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? undefined : date
}
