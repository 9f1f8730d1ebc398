// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @title DevnetMulticall3
/// @notice The part of the Multicall3 interface the modal uses, for the local devnet (anvil has no
///         Multicall3): `aggregate3` runs a list of read calls and returns each one's outcome, and
///         `getEthBalance` lets the native balance ride in the same list. The devnet installs the
///         runtime code at the canonical Multicall3 address with `anvil_setCode`, so it keeps no
///         state and has no constructor.
contract DevnetMulticall3 {
    /// @notice One call of a batch.
    /// @param target The contract called.
    /// @param allowFailure When false, a failing call reverts the whole batch.
    /// @param callData The call's ABI-encoded data.
    struct Call3 {
        address target;
        bool allowFailure;
        bytes callData;
    }

    /// @notice The outcome of one call.
    /// @param success Whether the call returned without reverting.
    /// @param returnData What it returned (or its revert data).
    struct Result {
        bool success;
        bytes returnData;
    }

    /// @notice Runs every call in order and reports each outcome.
    /// @dev Reverts with "DevnetMulticall3: call N failed" when a call that may not fail fails.
    /// @param calls The calls.
    /// @return results One outcome per call, in the same order.
    function aggregate3(Call3[] calldata calls) external payable returns (Result[] memory results) {
        uint256 count = calls.length;
        results = new Result[](count);
        for (uint256 i = 0; i < count; ++i) {
            Call3 calldata item = calls[i];
            (bool ok, bytes memory data) = item.target.call(item.callData);
            if (!ok && !item.allowFailure) revert(string.concat("DevnetMulticall3: call ", _decimal(i), " failed"));
            results[i] = Result({success: ok, returnData: data});
        }
    }

    /// @notice The native balance of an account.
    /// @param account The account.
    /// @return balance Its balance in wei.
    function getEthBalance(address account) external view returns (uint256 balance) {
        balance = account.balance;
    }

    /// @dev A number in decimal digits, for the revert reason.
    function _decimal(uint256 value) private pure returns (string memory) {
        if (value == 0) return "0";
        uint256 digits;
        for (uint256 v = value; v != 0; v /= 10) ++digits;
        bytes memory text = new bytes(digits);
        for (; value != 0; value /= 10) text[--digits] = bytes1(uint8(48 + (value % 10)));
        return string(text);
    }
}
