// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @title DevnetHostileToken
/// @notice A token-list entry whose `balanceOf` attacks the balance reader, for the server's
///         tests only (the devnet never deploys it): listed among normal tokens, it must not
///         blank the chain's balances. Each deployment misbehaves one way, set at construction.
contract DevnetHostileToken {
    /// @notice Spins in a loop until the call's gas is gone.
    uint8 public constant BURN_GAS = 0;
    /// @notice Runs the INVALID opcode, which also consumes all the call's gas.
    uint8 public constant INVALID = 1;
    /// @notice Returns 3 bytes: not an ABI-encoded uint256.
    uint8 public constant GARBAGE = 2;
    /// @notice Returns 1 MiB of zeros: whoever copies the answer pays for the memory.
    uint8 public constant RETURN_BOMB = 3;

    /// @notice How `balanceOf` misbehaves: one of the constants above.
    uint8 public immutable mode;

    /// @param mode_ One of BURN_GAS, INVALID, GARBAGE, RETURN_BOMB.
    constructor(uint8 mode_) {
        require(mode_ <= RETURN_BOMB, "DevnetHostileToken: unknown mode");
        mode = mode_;
    }

    /// @notice The ERC-20 signature, with one of the misbehaviours above instead of an answer.
    function balanceOf(address) external view returns (uint256) {
        uint8 m = mode;
        assembly {
            switch m
            case 0 {
                for {} 1 {} {}
            }
            case 1 {
                invalid()
            }
            case 2 {
                mstore(0, not(0))
                return(0, 3)
            }
            default {
                return(0, 0x100000)
            }
        }
        return 0;
    }
}
