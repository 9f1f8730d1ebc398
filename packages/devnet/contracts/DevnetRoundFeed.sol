// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @title DevnetRoundFeed
/// @notice A Chainlink-style feed (AggregatorV3Interface's `decimals` and `latestRoundData`) whose
///         every round field its deployer sets by hand, for the server's tests only (the devnet
///         never deploys it): an incomplete round (`updatedAt` 0), an answer carried over from an
///         older round (`answeredInRound` < `roundId`), or any other shape a real feed can answer.
contract DevnetRoundFeed {
    /// @notice Decimals of the answer.
    uint8 public immutable decimals;
    /// @notice Who may set the round: the deployer.
    address public immutable owner;

    uint80 private roundId_;
    int256 private answer_;
    uint256 private startedAt_;
    uint256 private updatedAt_;
    uint80 private answeredInRound_;

    /// @param decimals__ Decimals of the answer.
    constructor(uint8 decimals__) {
        decimals = decimals__;
        owner = msg.sender;
    }

    /// @notice Sets what `latestRoundData` answers, field by field.
    function setRound(uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound) external {
        require(msg.sender == owner, "DevnetRoundFeed: not owner");
        roundId_ = roundId;
        answer_ = answer;
        startedAt_ = startedAt;
        updatedAt_ = updatedAt;
        answeredInRound_ = answeredInRound;
    }

    /// @notice The round set by `setRound`, as AggregatorV3Interface answers it.
    function latestRoundData() external view returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound) {
        return (roundId_, answer_, startedAt_, updatedAt_, answeredInRound_);
    }
}
