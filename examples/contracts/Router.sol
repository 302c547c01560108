// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Router.route → CALL Vault.deposit → DELEGATECALL VaultLogic.record → STATICCALL PriceOracle.price:
/// every kind of message call, three levels below the transaction.
contract PriceOracle {
    uint256 public price;

    constructor(uint256 price_) {
        price = price_;
    }
}

/// Runs in the vault's storage (DELEGATECALL): its `deposits` is the vault's slot 0.
contract VaultLogic {
    uint256 public deposits;

    function record(PriceOracle oracle, uint256 amount) external returns (uint256 valued) {
        valued = amount * oracle.price();
        deposits += valued;
    }
}

contract Vault {
    uint256 public deposits;
    address public immutable logic;

    constructor(address logic_) {
        logic = logic_;
    }

    function deposit(PriceOracle oracle, uint256 amount) external returns (uint256) {
        (bool ok, bytes memory out) = logic.delegatecall(abi.encodeCall(VaultLogic.record, (oracle, amount)));
        require(ok, "Vault: record failed");
        return abi.decode(out, (uint256));
    }
}

contract Router {
    function route(Vault vault, PriceOracle oracle, uint256 amount) external returns (uint256) {
        return vault.deposit(oracle, amount);
    }
}
