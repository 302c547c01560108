// The built-in names: signatures of widely used standard interfaces, written from the standards (EIP-20,
// EIP-721, EIP-1155, ERC-4337 v0.6/v0.7 entry points, Uniswap v2/v3 routers and pairs, WETH, Multicall/
// Multicall3, Solidity's Error and Panic). Workspace ABIs take precedence over these.
import { eventFromSignature, functionFromSignature } from './signature';
import type { AbiEntry } from './types';

const FUNCTIONS = [
  // EIP-20
  'totalSupply()',
  'balanceOf(address)',
  'transfer(address,uint256)',
  'transferFrom(address,address,uint256)',
  'approve(address,uint256)',
  'allowance(address,address)',
  'name()',
  'symbol()',
  'decimals()',
  // EIP-2612 permit
  'permit(address,address,uint256,uint256,uint8,bytes32,bytes32)',
  'nonces(address)',
  'DOMAIN_SEPARATOR()',
  // EIP-721
  'ownerOf(uint256)',
  'safeTransferFrom(address,address,uint256)',
  'safeTransferFrom(address,address,uint256,bytes)',
  'setApprovalForAll(address,bool)',
  'getApproved(uint256)',
  'isApprovedForAll(address,address)',
  'tokenURI(uint256)',
  'supportsInterface(bytes4)',
  'onERC721Received(address,address,uint256,bytes)',
  // EIP-1155
  'safeTransferFrom(address,address,uint256,uint256,bytes)',
  'safeBatchTransferFrom(address,address,uint256[],uint256[],bytes)',
  'balanceOf(address,uint256)',
  'balanceOfBatch(address[],uint256[])',
  'uri(uint256)',
  'onERC1155Received(address,address,uint256,uint256,bytes)',
  'onERC1155BatchReceived(address,address,uint256[],uint256[],bytes)',
  // ERC-4337 entry point v0.6 (UserOperation) and v0.7 (PackedUserOperation), and the usual account calls
  'handleOps((address,uint256,bytes,bytes,uint256,uint256,uint256,uint256,uint256,bytes,bytes)[],address)',
  'handleOps((address,uint256,bytes,bytes,bytes32,uint256,bytes32,bytes,bytes)[],address)',
  'validateUserOp((address,uint256,bytes,bytes,uint256,uint256,uint256,uint256,uint256,bytes,bytes),bytes32,uint256)',
  'validateUserOp((address,uint256,bytes,bytes,bytes32,uint256,bytes32,bytes,bytes),bytes32,uint256)',
  'depositTo(address)',
  'withdrawTo(address,uint256)',
  'getNonce(address,uint192)',
  'execute(address,uint256,bytes)',
  'executeBatch(address[],uint256[],bytes[])',
  // Uniswap v2 router and pair
  'swapExactTokensForTokens(uint256,uint256,address[],address,uint256)',
  'swapTokensForExactTokens(uint256,uint256,address[],address,uint256)',
  'swapExactETHForTokens(uint256,address[],address,uint256)',
  'swapExactTokensForETH(uint256,uint256,address[],address,uint256)',
  'swapETHForExactTokens(uint256,address[],address,uint256)',
  'swapTokensForExactETH(uint256,uint256,address[],address,uint256)',
  'addLiquidity(address,address,uint256,uint256,uint256,uint256,address,uint256)',
  'addLiquidityETH(address,uint256,uint256,uint256,address,uint256)',
  'removeLiquidity(address,address,uint256,uint256,uint256,address,uint256)',
  'getAmountsOut(uint256,address[])',
  'getAmountsIn(uint256,address[])',
  'swap(uint256,uint256,address,bytes)',
  'getReserves()',
  'mint(address)',
  'burn(address)',
  'sync()',
  'skim(address)',
  // Uniswap v3 swap router
  'exactInputSingle((address,address,uint24,address,uint256,uint256,uint256,uint160))',
  'exactInput((bytes,address,uint256,uint256,uint256))',
  'exactOutputSingle((address,address,uint24,address,uint256,uint256,uint256,uint160))',
  'exactOutput((bytes,address,uint256,uint256,uint256))',
  // WETH
  'deposit()',
  'withdraw(uint256)',
  // Multicall, Multicall2/3 and the routers' multicall
  'aggregate((address,bytes)[])',
  'tryAggregate(bool,(address,bytes)[])',
  'aggregate3((address,bool,bytes)[])',
  'aggregate3Value((address,bool,uint256,bytes)[])',
  'multicall(bytes[])',
  'multicall(uint256,bytes[])',
];

const EVENTS = [
  'Transfer(address indexed,address indexed,uint256)', // EIP-20 (EIP-721's has the token id indexed too)
  'Transfer(address indexed,address indexed,uint256 indexed)',
  'Approval(address indexed,address indexed,uint256)',
  'Approval(address indexed,address indexed,uint256 indexed)',
  'ApprovalForAll(address indexed,address indexed,bool)',
  'TransferSingle(address indexed,address indexed,address indexed,uint256,uint256)',
  'TransferBatch(address indexed,address indexed,address indexed,uint256[],uint256[])',
  'URI(string,uint256 indexed)',
  'UserOperationEvent(bytes32 indexed,address indexed,address indexed,uint256,bool,uint256,uint256)',
  'UserOperationRevertReason(bytes32 indexed,address indexed,uint256,bytes)',
  'AccountDeployed(bytes32 indexed,address indexed,address,address)',
  'BeforeExecution()',
  'Deposited(address indexed,uint256)',
  'Swap(address indexed,uint256,uint256,uint256,uint256,address indexed)',
  'Sync(uint112,uint112)',
  'Mint(address indexed,uint256,uint256)',
  'Burn(address indexed,uint256,uint256,address indexed)',
  'Deposit(address indexed,uint256)',
  'Withdrawal(address indexed,uint256)',
];

const ERRORS = ['Error(string)', 'Panic(uint256)'];

export function commonEntries(): AbiEntry[] {
  return [
    ...FUNCTIONS.map(functionFromSignature),
    ...EVENTS.map(eventFromSignature),
    ...ERRORS.map((text): AbiEntry => {
      const { name, inputs } = functionFromSignature(text);
      return { kind: 'error', name, inputs };
    }),
  ];
}
