// Web3-Onboard as its quick start sets it up (onboard.blocknative.com, "Getting Started"): the
// core with the injected-wallets module, one chain. It has no button element of its own: the
// page's `<button id="connect">` opens it.
import Onboard from '@web3-onboard/core'
import injectedModule from '@web3-onboard/injected-wallets'

const onboard = Onboard({
  wallets: [injectedModule()],
  chains: [{ id: '0x1', token: 'ETH', label: 'Ethereum Mainnet', rpcUrl: 'https://cloudflare-eth.com' }]
})

document.getElementById('connect').addEventListener('click', () => onboard.connectWallet())
