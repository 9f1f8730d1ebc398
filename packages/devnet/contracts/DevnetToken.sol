// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @title DevnetToken
/// @notice A plain ERC-20 for the local devnet. Every standard function returns `bool`, as
///         EIP-20 says. The constructor hands the whole supply out to a list of holders so the
///         demo's accounts start with funds and nobody needs a faucet.
contract DevnetToken {
    string public name;
    string public symbol;
    uint8 public immutable decimals;
    uint256 public totalSupply;

    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    /// @param name_ Token name, e.g. "Devnet USD".
    /// @param symbol_ Ticker, e.g. "DUSD".
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
            _mint(holders[i], amountEach);
        }
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _transfer(msg.sender, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        _approve(msg.sender, spender, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        _spendAllowance(from, msg.sender, value);
        _transfer(from, to, value);
        return true;
    }

    function _mint(address to, uint256 value) internal {
        require(to != address(0), "DevnetToken: mint to the zero address");
        totalSupply += value;
        balanceOf[to] += value;
        emit Transfer(address(0), to, value);
    }

    function _transfer(address from, address to, uint256 value) internal {
        require(to != address(0), "DevnetToken: transfer to the zero address");
        uint256 balance = balanceOf[from];
        require(balance >= value, "DevnetToken: transfer amount exceeds balance");
        unchecked {
            balanceOf[from] = balance - value;
        }
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }

    function _approve(address owner, address spender, uint256 value) internal {
        require(spender != address(0), "DevnetToken: approve to the zero address");
        allowance[owner][spender] = value;
        emit Approval(owner, spender, value);
    }

    function _spendAllowance(address owner, address spender, uint256 value) internal {
        uint256 current = allowance[owner][spender];
        // An allowance of max uint256 means "unlimited" and is never decremented (common practice).
        if (current != type(uint256).max) {
            require(current >= value, "DevnetToken: insufficient allowance");
            unchecked {
                allowance[owner][spender] = current - value;
            }
        }
    }
}
