// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @title DevnetPriceFeed
/// @notice A Chainlink-style USD price feed for the local devnet: the read functions of
///         Chainlink's AggregatorV3Interface (`decimals`, `description`, `version`,
///         `latestRoundData`, `getRoundData`), with an answer its deployer sets by hand, and the
///         update time too, so a test can make the answer stale. Only the latest round is kept.
contract DevnetPriceFeed {
    /// @notice Decimals of the answer (Chainlink's USD feeds use 8).
    uint8 public immutable decimals;
    /// @notice Who may set the answer: the deployer.
    address public immutable owner;
    /// @notice What the feed prices, e.g. "ETH / USD".
    string public description;
    /// @notice The interface version Chainlink's aggregators report.
    uint256 public constant version = 4;

    uint80 private latestRound;
    int256 private latestAnswer;
    uint256 private latestUpdatedAt;

    /// @notice Emitted on every new answer, as Chainlink's aggregators do.
    event AnswerUpdated(int256 indexed current, uint256 indexed roundId, uint256 updatedAt);

    /// @param decimals_ Decimals of the answer.
    /// @param description_ What the feed prices.
    /// @param answer_ The first answer, updated now.
    constructor(uint8 decimals_, string memory description_, int256 answer_) {
        decimals = decimals_;
        description = description_;
        owner = msg.sender;
        _record(answer_, block.timestamp);
    }

    /// @notice Sets a new answer as a new round.
    /// @param answer_ The price, with `decimals` decimals.
    /// @param updatedAt_ When it counts as updated (seconds); an old time makes the feed stale.
    function setAnswer(int256 answer_, uint256 updatedAt_) external {
        require(msg.sender == owner, "DevnetPriceFeed: not owner");
        _record(answer_, updatedAt_);
    }

    /// @notice The latest round, as AggregatorV3Interface answers it.
    function latestRoundData() external view returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound) {
        return (latestRound, latestAnswer, latestUpdatedAt, latestUpdatedAt, latestRound);
    }

    /// @notice A round's data: only the latest round is kept, any other reverts like a missing round.
    /// @param roundId_ The round asked for.
    function getRoundData(uint80 roundId_) external view returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound) {
        require(roundId_ == latestRound, "No data present");
        return (latestRound, latestAnswer, latestUpdatedAt, latestUpdatedAt, latestRound);
    }

    function _record(int256 answer_, uint256 updatedAt_) private {
        latestRound += 1;
        latestAnswer = answer_;
        latestUpdatedAt = updatedAt_;
        emit AnswerUpdated(answer_, latestRound, updatedAt_);
    }
}
