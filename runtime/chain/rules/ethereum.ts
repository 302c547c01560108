// Ethereum's public networks as geth v1.17.5 configures them (params/config.go): fork blocks, fork times
// through Osaka and the blob-parameter forks, and the genesis hash geth enforces each config on.
import type { GethChainConfig } from './config-value';

const fromGenesis = (keys: string[]) => Object.fromEntries(keys.map((key) => [key, 0]));

const earlyForks = [
  'homesteadBlock',
  'eip150Block',
  'eip155Block',
  'eip158Block',
  'byzantiumBlock',
  'constantinopleBlock',
  'petersburgBlock',
  'istanbulBlock',
];

export const mainnetConfig: GethChainConfig = {
  chainId: 1,
  homesteadBlock: 1_150_000,
  daoForkBlock: 1_920_000,
  daoForkSupport: true,
  eip150Block: 2_463_000,
  eip155Block: 2_675_000,
  eip158Block: 2_675_000,
  byzantiumBlock: 4_370_000,
  constantinopleBlock: 7_280_000,
  petersburgBlock: 7_280_000,
  istanbulBlock: 9_069_000,
  muirGlacierBlock: 9_200_000,
  berlinBlock: 12_244_000,
  londonBlock: 12_965_000,
  arrowGlacierBlock: 13_773_000,
  grayGlacierBlock: 15_050_000,
  terminalTotalDifficulty: '58750000000000000000000',
  shanghaiTime: 1681338455,
  cancunTime: 1710338135,
  pragueTime: 1746612311,
  osakaTime: 1764798551,
  bpo1Time: 1765290071,
  bpo2Time: 1767747671,
};

export const sepoliaConfig: GethChainConfig = {
  chainId: 11155111,
  ...fromGenesis([...earlyForks, 'muirGlacierBlock', 'berlinBlock', 'londonBlock']),
  terminalTotalDifficulty: '17000000000000000',
  mergeNetsplitBlock: 1735371,
  shanghaiTime: 1677557088,
  cancunTime: 1706655072,
  pragueTime: 1741159776,
  osakaTime: 1760427360,
  bpo1Time: 1761017184,
  bpo2Time: 1761607008,
};

export const holeskyConfig: GethChainConfig = {
  chainId: 17000,
  ...fromGenesis([...earlyForks, 'berlinBlock', 'londonBlock']),
  terminalTotalDifficulty: 0,
  shanghaiTime: 1696000704,
  cancunTime: 1707305664,
  pragueTime: 1740434112,
  osakaTime: 1759308480,
  bpo1Time: 1759800000,
  bpo2Time: 1760389824,
};

export const hoodiConfig: GethChainConfig = {
  chainId: 560048,
  ...fromGenesis([...earlyForks, 'muirGlacierBlock', 'berlinBlock', 'londonBlock', 'mergeNetsplitBlock', 'shanghaiTime', 'cancunTime']),
  terminalTotalDifficulty: 0,
  pragueTime: 1742999832,
  osakaTime: 1761677592,
  bpo1Time: 1762365720,
  bpo2Time: 1762955544,
};

export const ethereumGenesisHashes = {
  mainnet: '0xd4e56740f876aef8c010b86a40d5f56745a118d0906a34e69aec8c0db1cb8fa3',
  sepolia: '0x25a5cc106eea7138acab33231d7160d69cb777ee0c2c553fcddf5138993e6dd9',
  holesky: '0xb5f7f912443c940f21fd611f12828d75b534364ed9e95ca4e307729a4661bde4',
  hoodi: '0xbbe312868b376a3001692a646dd2d7d1e4406380dfd86b98aa8a34d1557c971b',
} as const;
