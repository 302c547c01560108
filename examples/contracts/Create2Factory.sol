// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Deployed by the factory with CREATE2: its address follows from the factory, the salt and this code.
contract Child {
    address public immutable owner;

    constructor(address owner_) {
        owner = owner_;
    }
}

contract Create2Factory {
    event Deployed(address child, bytes32 salt);

    function deploy(bytes32 salt) external returns (address child) {
        child = address(new Child{salt: salt}(msg.sender));
        emit Deployed(child, salt);
    }
}
