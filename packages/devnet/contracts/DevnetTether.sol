// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @title DevnetTether
/// @notice A token that behaves like USDT on Ethereum mainnet, for testing code paths that
///         assume EIP-20 and break on it:
///         - `transfer`, `transferFrom` and `approve` return nothing (no `bool`), so callers that
///           decode a boolean return value fail;
///         - `approve` from a non-zero allowance to another non-zero allowance reverts (USDT's
///           guard against the approve race): set it to 0 first.
contract DevnetTether {
    string public name;
    string public symbol;
    uint8 public immutable decimals;
    uint256 public totalSupply;

    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    /// @param name_ Token name, e.g. "Devnet Tether".
    /// @param symbol_ Ticker, e.g. "USDT".
    /// @param decimals_ Number of decimals, e.g. 6.
    /// @param holders Accounts that each receive `amountEach` base units.
    /// @param amountEach Base units minted to every holder.
    constructor(
        string memory name_,
        string memory symbol_,
        uint8 decimals_,
        address[] memory holders,
        uint256 amountEach
    ) {
        name = name_;
        symbol = symbol_;
        decimals = decimals_;
        for (uint256 i = 0; i < holders.length; i++) {
            address to = holders[i];
            require(to != address(0), "DevnetTether: mint to the zero address");
            totalSupply += amountEach;
            balanceOf[to] += amountEach;
            emit Transfer(address(0), to, amountEach);
        }
    }

    function transfer(address to, uint256 value) external {
        _transfer(msg.sender, to, value);
    }

    function approve(address spender, uint256 value) external {
        require(
            value == 0 || allowance[msg.sender][spender] == 0,
            "DevnetTether: reset allowance to 0 first"
        );
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
    }

    function transferFrom(address from, address to, uint256 value) external {
        uint256 current = allowance[from][msg.sender];
        if (current != type(uint256).max) {
            require(current >= value, "DevnetTether: insufficient allowance");
            unchecked {
                allowance[from][msg.sender] = current - value;
            }
        }
        _transfer(from, to, value);
    }

    function _transfer(address from, address to, uint256 value) internal {
        require(to != address(0), "DevnetTether: transfer to the zero address");
        uint256 balance = balanceOf[from];
        require(balance >= value, "DevnetTether: transfer amount exceeds balance");
        unchecked {
            balanceOf[from] = balance - value;
        }
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }
}
