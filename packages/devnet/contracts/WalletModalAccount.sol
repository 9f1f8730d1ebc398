// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import "@account-abstraction/contracts/accounts/SimpleAccount.sol";
import "@openzeppelin/contracts/interfaces/IERC1271.sol";

/**
 * The embedded wallet's smart account: eth-infinitism's SimpleAccount (EntryPoint v0.8, one owner
 * key, execute / executeBatch) plus ERC-1271, which SimpleAccount lacks, so a site can verify the
 * account's signatures (sign-in, names, typed data).
 *
 * A signature is valid for this account when its owner signed the hash wrapped in the account's
 * own EIP-712 domain ("WalletModalAccount", "1", the chain, this address): one made for another
 * account of the same owner, another chain, or the owner's key itself is not.
 */
contract WalletModalAccount is SimpleAccount, IERC1271 {
    bytes32 private constant DOMAIN_TYPEHASH = keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    bytes32 private constant MESSAGE_TYPEHASH = keccak256("WalletModalMessage(bytes32 hash)");

    constructor(IEntryPoint anEntryPoint) SimpleAccount(anEntryPoint) {}

    /// The hash the owner signs for `hash` to be valid for this account.
    function replaySafeHash(bytes32 hash) public view returns (bytes32) {
        bytes32 domain = keccak256(abi.encode(DOMAIN_TYPEHASH, keccak256("WalletModalAccount"), keccak256("1"), block.chainid, address(this)));
        return MessageHashUtils.toTypedDataHash(domain, keccak256(abi.encode(MESSAGE_TYPEHASH, hash)));
    }

    /// @inheritdoc IERC1271
    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        (address signer, ECDSA.RecoverError failure, ) = ECDSA.tryRecover(replaySafeHash(hash), signature);
        return failure == ECDSA.RecoverError.NoError && signer == owner ? IERC1271.isValidSignature.selector : bytes4(0xffffffff);
    }
}
