// Contracts from artifacts and seed ABIs: names, functions with selectors, bytecode and constructor inputs,
// from Hardhat, Foundry and bare ABI files; broken files are skipped.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { artifactContracts, contractFromAbi, functionLabel } from '../../core/chain/contracts';
import compiled from '../../runtime/devchain/seed/example-contracts.json';

const token = compiled.contracts.ExampleToken;

test('Hardhat, Foundry and bare-ABI files give named contracts; interfaces have no bytecode; junk is skipped', () => {
  const contracts = artifactContracts([
    {
      file: 'artifacts/contracts/ExampleToken.sol/ExampleToken.json',
      text: JSON.stringify({ contractName: 'ExampleToken', abi: token.abi, bytecode: token.bytecode }),
    },
    {
      file: 'out/Router.sol/Router.json',
      text: JSON.stringify({ abi: compiled.contracts.Router.abi, bytecode: { object: compiled.contracts.Router.bytecode.slice(2) } }),
    },
    { file: 'abi/IVault.abi.json', text: JSON.stringify(compiled.contracts.Vault.abi) },
    { file: 'out/Broken.sol/Broken.json', text: '{"abi": [' },
    { file: 'artifacts/build-info/x.json', text: JSON.stringify({ input: {} }) },
    { file: 'out/Empty.sol/Empty.json', text: JSON.stringify({ abi: [], bytecode: { object: '0x' } }) },
  ]);
  assert.deepEqual(
    contracts.map((contract) => [
      contract.name,
      contract.origin,
      contract.bytecode?.slice(0, 10),
      contract.constructorInputs.map((input) => input.name),
    ]),
    [
      ['ExampleToken', 'artifacts/contracts/ExampleToken.sol/ExampleToken.json', token.bytecode.slice(0, 10), ['supply']],
      ['Router', 'out/Router.sol/Router.json', compiled.contracts.Router.bytecode.slice(0, 10), []],
      ['IVault', 'abi/IVault.abi.json', undefined, ['logic_']],
    ],
  );
  const transfer = contracts[0].functions.find((fn) => fn.abi.name === 'transfer')!;
  assert.deepEqual(
    [transfer.selector, transfer.signature, functionLabel(transfer.abi)],
    ['0xa9059cbb', 'transfer(address,uint256)', 'transfer(address to, uint256 value)'],
  );
});

test('a seeded contract from its ABI names every function with the selector solc gives', () => {
  const contract = contractFromAbi('ExampleToken', token.abi, 'seeded example', { address: '0x5fbdb2315678afecb367f032d93f642f64180aa3' });
  assert.deepEqual(Object.fromEntries(contract.functions.map((fn) => [fn.signature, fn.selector.slice(2)])), token.selectors);
  // A constructor core/abi cannot read leaves the functions usable.
  const odd = contractFromAbi(
    'Odd',
    [...token.abi.filter((entry) => entry.type !== 'constructor'), { type: 'constructor', inputs: [{ type: 'uint7' }] }],
    'odd.json',
  );
  assert.deepEqual([odd.functions.length, odd.constructorInputs.length], [3, 0]);
});
