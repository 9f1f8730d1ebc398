// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import "@openzeppelin/contracts/utils/Create2.sol";
import "@openzeppelin/contracts/proxy/ERC1967/ERC1967Proxy.sol";
import "./WalletModalAccount.sol";

/**
 * Makes WalletModalAccounts as SimpleAccountFactory makes SimpleAccounts: an ERC-1967 proxy per
 * (owner, salt) at a CREATE2 address known before it exists.
 *
 * Unlike SimpleAccountFactory v0.8, anyone may call createAccount, not only the EntryPoint's sender
 * creator: ERC-6492 verifies a not-yet-deployed account's signature by calling the factory from a
 * validator contract. Nothing is lost: the owner is part of the address, so whoever deploys an
 * account deploys it for its owner.
 */
contract WalletModalAccountFactory {
    WalletModalAccount public immutable accountImplementation;

    constructor(IEntryPoint _entryPoint) {
        accountImplementation = new WalletModalAccount(_entryPoint);
    }

    /// Creates the account (or returns it when it exists).
    function createAccount(address owner, uint256 salt) public returns (WalletModalAccount ret) {
        address addr = getAddress(owner, salt);
        if (addr.code.length > 0) {
            return WalletModalAccount(payable(addr));
        }
        ret = WalletModalAccount(payable(new ERC1967Proxy{salt: bytes32(salt)}(address(accountImplementation), abi.encodeCall(SimpleAccount.initialize, (owner)))));
    }

    /// The account's address, before or after it is created.
    function getAddress(address owner, uint256 salt) public view returns (address) {
        return Create2.computeAddress(
            bytes32(salt),
            keccak256(abi.encodePacked(type(ERC1967Proxy).creationCode, abi.encode(address(accountImplementation), abi.encodeCall(SimpleAccount.initialize, (owner)))))
        );
    }
}
