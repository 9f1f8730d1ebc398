import { assertEvmChainId } from '../../utils/address.js'
import type { CaipNetwork } from '../../types/network.js'
import type { Eip1193Provider } from '../../types/connector.js'
import { PROVIDER_CODES, fromProviderError, providerErrorCode } from './providerErrors.js'
import { toHexChainId } from './eip155Networks.js'

/**
 * `wallet_switchEthereumChain`; on 4902 (unknown chain) adds it with `wallet_addEthereumChain`
 * (spec §7 fields: chain id hex, rpc urls, name, native currency, explorer urls, icon urls) and
 * switches again. Provider errors become `SWITCH_NETWORK_REJECTED` (4001) or `SWITCH_NETWORK_FAILED`.
 */
export async function switchEip155Network(provider: Eip1193Provider, network: CaipNetwork): Promise<void> {
  const chainId = toHexChainId(assertEvmChainId(network.id))
  try {
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] })
  } catch (err) {
    if (providerErrorCode(err) !== PROVIDER_CODES.CHAIN_NOT_ADDED) throw fromProviderError(err, 'SWITCH_NETWORK_FAILED', 'SWITCH_NETWORK_REJECTED')
    try {
      await provider.request({
        method: 'wallet_addEthereumChain',
        params: [
          {
            chainId,
            rpcUrls: [...network.rpcUrls.default.http],
            chainName: network.name,
            nativeCurrency: network.nativeCurrency,
            blockExplorerUrls: network.blockExplorers ? [network.blockExplorers.default.url] : undefined,
            iconUrls: network.assets?.imageUrl ? [network.assets.imageUrl] : undefined
          }
        ]
      })
      await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] })
    } catch (addErr) {
      throw fromProviderError(addErr, 'SWITCH_NETWORK_FAILED', 'SWITCH_NETWORK_REJECTED')
    }
  }
}
