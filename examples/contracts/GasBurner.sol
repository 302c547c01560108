// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Hashes in a loop and stores the result once: a transaction with too little gas for its rounds runs out
/// of gas inside the loop.
contract GasBurner {
    bytes32 public digest;

    function burn(uint256 rounds) external {
        bytes32 hash = digest;
        for (uint256 i = 0; i < rounds; i++) hash = keccak256(abi.encodePacked(hash, i));
        digest = hash;
    }
}
