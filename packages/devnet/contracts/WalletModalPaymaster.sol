// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import "@account-abstraction/contracts/core/BasePaymaster.sol";
import "@account-abstraction/contracts/core/Helpers.sol";
import "@account-abstraction/contracts/core/UserOperationLib.sol";
import "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import "@openzeppelin/contracts/utils/cryptography/MessageHashUtils.sol";

/**
 * A verifying paymaster for EntryPoint v0.8: it pays for any user operation its operator's signer
 * signed, within the time window the signature names. Which operations to sponsor is decided off
 * chain, by the server that holds the signer key (the wallet modal sponsors an embedded account's
 * first transaction); the contract only checks the signature. It pays from its deposit at the
 * EntryPoint (`deposit()`, which the owner can `withdrawTo`).
 *
 * paymasterAndData = paymaster (20) | verification gas (16) | post-op gas (16)
 *                  | abi.encode(uint48 validUntil, uint48 validAfter) (64) | signature (65)
 *
 * The signature is the signer's `personal_sign` of {getHash}: every field of the operation but
 * its own signature, the paymaster's gas limits, the chain and this paymaster, so it cannot be
 * reused for another operation, chain or paymaster. Nothing is kept for postOp (empty context).
 */
contract WalletModalPaymaster is BasePaymaster {
    using UserOperationLib for PackedUserOperation;

    /// The key whose signature makes this paymaster pay.
    address public immutable verifyingSigner;

    uint256 private constant VALID_TIMESTAMP_OFFSET = PAYMASTER_DATA_OFFSET;
    uint256 private constant SIGNATURE_OFFSET = VALID_TIMESTAMP_OFFSET + 64;

    constructor(IEntryPoint anEntryPoint, address signer) BasePaymaster(anEntryPoint) {
        verifyingSigner = signer;
    }

    /// What the signer signs (with the Ethereum signed-message prefix) for `userOp` to be paid for.
    function getHash(PackedUserOperation calldata userOp, uint48 validUntil, uint48 validAfter) public view returns (bytes32) {
        return keccak256(
            abi.encode(
                userOp.sender,
                userOp.nonce,
                keccak256(userOp.initCode),
                keccak256(userOp.callData),
                userOp.accountGasLimits,
                bytes32(userOp.paymasterAndData[PAYMASTER_VALIDATION_GAS_OFFSET:PAYMASTER_DATA_OFFSET]),
                userOp.preVerificationGas,
                userOp.gasFees,
                block.chainid,
                address(this),
                validUntil,
                validAfter
            )
        );
    }

    /// The time window and signature carried after the paymaster's gas limits.
    function parsePaymasterAndData(bytes calldata paymasterAndData) public pure returns (uint48 validUntil, uint48 validAfter, bytes calldata signature) {
        (validUntil, validAfter) = abi.decode(paymasterAndData[VALID_TIMESTAMP_OFFSET:SIGNATURE_OFFSET], (uint48, uint48));
        signature = paymasterAndData[SIGNATURE_OFFSET:];
    }

    /// A wrong or malformed signature fails validation (the EntryPoint refuses the operation, AA34) rather than reverting, so gas can be estimated with a stub.
    function _validatePaymasterUserOp(PackedUserOperation calldata userOp, bytes32, uint256) internal view override returns (bytes memory context, uint256 validationData) {
        (uint48 validUntil, uint48 validAfter, bytes calldata signature) = parsePaymasterAndData(userOp.paymasterAndData);
        bytes32 hash = MessageHashUtils.toEthSignedMessageHash(getHash(userOp, validUntil, validAfter));
        (address signer, ECDSA.RecoverError failure, ) = ECDSA.tryRecover(hash, signature);
        bool sigFailed = failure != ECDSA.RecoverError.NoError || signer != verifyingSigner;
        return ("", _packValidationData(sigFailed, validUntil, validAfter));
    }
}
