// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// Test-only (never deployed by the devnet): an ENSIP-10 wildcard resolver that answers every name
/// under its node off-chain, through EIP-3668 CCIP-Read. `resolve` reverts with `OffchainLookup`
/// naming the gateway URLs given at deployment; the client asks a gateway and passes its answer to
/// `resolveWithProof`, which returns it as the record. A real off-chain resolver checks a gateway
/// signature there; this one does not, because what the tests check is which gateways a client
/// agrees to ask (only allow-listed ones), not the gateway's honesty.
contract DevnetOffchainResolver {
    error OffchainLookup(address sender, string[] urls, bytes callData, bytes4 callbackFunction, bytes extraData);

    string[] private gateways;

    constructor(string[] memory urls) {
        gateways = urls;
    }

    /// ERC-165: the extended resolver interface of ENSIP-10 (`resolve(bytes,bytes)`) and ERC-165 itself.
    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == 0x9061b923 || interfaceId == 0x01ffc9a7;
    }

    /// ENSIP-10: every record of every name below this resolver's node is looked up off-chain.
    function resolve(bytes calldata name, bytes calldata data) external view returns (bytes memory) {
        bytes memory callData = abi.encode(name, data);
        revert OffchainLookup(address(this), gateways, callData, this.resolveWithProof.selector, callData);
    }

    /// EIP-3668 callback: the gateway's answer is the ABI-encoded record.
    function resolveWithProof(bytes calldata response, bytes calldata) external pure returns (bytes memory) {
        return response;
    }
}
