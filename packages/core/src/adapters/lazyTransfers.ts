import type { TransferSupport } from './ChainAdapter.js'

/**
 * A {@link TransferSupport} whose code loads on first use: an adapter in the first chunk can say
 * it supports Send (and check addresses) without carrying the encoders every page would pay for.
 *
 * @param isAddress - The synchronous address check.
 * @param load - Loads the rest (once; a failed load is tried again next time).
 */
export function lazyTransfers(isAddress: (value: string) => boolean, load: () => Promise<Omit<TransferSupport, 'isAddress'>>): TransferSupport {
  let loaded: Promise<Omit<TransferSupport, 'isAddress'>> | undefined
  const get = () => {
    const p = (loaded ??= load())
    p.catch(() => {
      if (loaded === p) loaded = undefined
    })
    return p
  }
  return {
    isAddress,
    readNativeBalance: async (network, address) => (await get()).readNativeBalance(network, address),
    feeReserve: async (network, from) => (await get()).feeReserve(network, from),
    estimateFee: async transfer => (await get()).estimateFee(transfer),
    send: async (connector, transfer) => (await get()).send(connector, transfer),
    status: async (network, id) => (await get()).status(network, id)
  }
}
