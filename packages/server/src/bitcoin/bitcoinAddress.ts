// Address encoding and decoding for the address types wallets use and sign-in messages are signed with:
// BIP-173 bech32 (segwit v0), BIP-350 bech32m (segwit v1 = taproot) and, for verification only,
// the legacy base58check P2PKH / P2SH forms.
import { bech32, bech32m, createBase58check } from '@scure/base'
import { concatBytes, sha256 } from './bitcoinHashes.js'
import { BITCOIN_NETWORK_INFO, type BitcoinNetwork } from './bitcoinNetworks.js'

/** The address types sats-connect names (`AddressType`), for Bitcoin. */
export type BitcoinAddressType = 'p2pkh' | 'p2sh' | 'p2wpkh' | 'p2wsh' | 'p2tr'

/** A parsed Bitcoin address. */
export interface DecodedBitcoinAddress {
  /** What the address pays to. */
  readonly type: BitcoinAddressType
  /**
   * Which networks the address belongs to: 'bc' Mainnet, 'tb' the public test networks,
   * 'bcrt' Regtest. Base58 test addresses are shared by testnet and regtest, so they say 'tb'.
   */
  readonly prefix: 'bc' | 'tb' | 'bcrt'
  /** The key hash, script hash, witness program or taproot output key. */
  readonly program: Uint8Array
  /** The output script that pays to this address. */
  readonly scriptPubKey: Uint8Array
}

const base58check = createBase58check(sha256)

/**
 * Encodes a native segwit v0 pay-to-witness-public-key-hash address (bc1q / tb1q / bcrt1q).
 *
 * @param keyHash - HASH160 of the 33-byte compressed public key.
 * @param network - Which network's prefix to use.
 */
export function encodeP2wpkhAddress(keyHash: Uint8Array, network: BitcoinNetwork): string {
  if (keyHash.length !== 20) throw new Error('P2WPKH needs a 20-byte key hash')
  return bech32.encode(BITCOIN_NETWORK_INFO[network].hrp, [0, ...bech32.toWords(keyHash)])
}

/**
 * Encodes a segwit v1 pay-to-taproot address (bc1p / tb1p / bcrt1p) with bech32m, as BIP-350 requires.
 *
 * @param outputKey - The 32-byte x-only taproot output key (already tweaked).
 * @param network - Which network's prefix to use.
 */
export function encodeP2trAddress(outputKey: Uint8Array, network: BitcoinNetwork): string {
  if (outputKey.length !== 32) throw new Error('P2TR needs a 32-byte x-only output key')
  return bech32m.encode(BITCOIN_NETWORK_INFO[network].hrp, [1, ...bech32m.toWords(outputKey)])
}

/**
 * Parses a Bitcoin address of any standard type. Returns `undefined` for anything that is not a
 * valid address (bad checksum, wrong bech32 variant for the witness version, bad program length).
 *
 * @param address - The address string.
 */
export function decodeBitcoinAddress(address: string): DecodedBitcoinAddress | undefined {
  if (typeof address !== 'string' || address.length === 0) return undefined
  return /^(bc|tb|bcrt)1/i.test(address) ? decodeSegwit(address) : decodeBase58(address)
}

/**
 * Whether an address is meant for `network` (bc1 for Mainnet, tb1 for the public test networks,
 * bcrt1 for Regtest; base58 test addresses count for Regtest too, as Bitcoin Core treats them).
 *
 * @param decoded - A parsed address.
 * @param network - The network to check against.
 */
export function addressMatchesNetwork(decoded: DecodedBitcoinAddress, network: BitcoinNetwork): boolean {
  const hrp = BITCOIN_NETWORK_INFO[network].hrp
  if (decoded.prefix === hrp) return true
  const isBase58 = decoded.type === 'p2pkh' || decoded.type === 'p2sh'
  return isBase58 && decoded.prefix === 'tb' && hrp === 'bcrt'
}

function decodeSegwit(address: string): DecodedBitcoinAddress | undefined {
  // BIP-173: all lower or all upper case; the checksum decides between bech32 and bech32m.
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return undefined
  const lower = address.toLowerCase()
  const attempt = (coder: typeof bech32): { prefix: string; words: number[] } | undefined => {
    try {
      return coder.decode(lower as `${string}1${string}`)
    } catch {
      return undefined
    }
  }
  const v0 = attempt(bech32)
  const v1plus = v0 ? undefined : attempt(bech32m)
  const decoded = v0 ?? v1plus
  if (!decoded || decoded.words.length === 0) return undefined
  const prefix = decoded.prefix as DecodedBitcoinAddress['prefix']
  if (prefix !== 'bc' && prefix !== 'tb' && prefix !== 'bcrt') return undefined
  const version = decoded.words[0]!
  let program: Uint8Array
  try {
    program = Uint8Array.from(bech32.fromWords(decoded.words.slice(1)))
  } catch {
    return undefined
  }
  // BIP-350: version 0 must use bech32, every later version bech32m.
  if ((version === 0) !== Boolean(v0) || version > 16) return undefined
  if (program.length < 2 || program.length > 40) return undefined
  const script = concatBytes(Uint8Array.of(version === 0 ? 0x00 : 0x50 + version, program.length), program)
  if (version === 0 && program.length === 20) return { type: 'p2wpkh', prefix, program, scriptPubKey: script }
  if (version === 0 && program.length === 32) return { type: 'p2wsh', prefix, program, scriptPubKey: script }
  if (version === 1 && program.length === 32) return { type: 'p2tr', prefix, program, scriptPubKey: script }
  // Other witness versions and lengths are valid addresses but nothing this wallet knows.
  return undefined
}

function decodeBase58(address: string): DecodedBitcoinAddress | undefined {
  let payload: Uint8Array
  try {
    payload = base58check.decode(address)
  } catch {
    return undefined
  }
  if (payload.length !== 21) return undefined
  const program = payload.slice(1)
  switch (payload[0]) {
    case 0x00:
    case 0x6f:
      return {
        type: 'p2pkh',
        prefix: payload[0] === 0x00 ? 'bc' : 'tb',
        program,
        // OP_DUP OP_HASH160 <20> OP_EQUALVERIFY OP_CHECKSIG
        scriptPubKey: concatBytes(Uint8Array.of(0x76, 0xa9, 0x14), program, Uint8Array.of(0x88, 0xac))
      }
    case 0x05:
    case 0xc4:
      return {
        type: 'p2sh',
        prefix: payload[0] === 0x05 ? 'bc' : 'tb',
        program,
        // OP_HASH160 <20> OP_EQUAL
        scriptPubKey: concatBytes(Uint8Array.of(0xa9, 0x14), program, Uint8Array.of(0x87))
      }
    default:
      return undefined
  }
}
