// geth's named tracers, as a user picks one to run on a node (geth, anvil or the local node, which may
// support fewer): the name and the tracerConfig options geth documents for it.
export const gethBuiltinTracers: ReadonlyArray<{ name: string; options: string }> = [
  { name: 'callTracer', options: '{"onlyTopCall": false, "withLog": false}' },
  { name: 'flatCallTracer', options: '{"convertParityErrors": false, "includePrecompiles": false}' },
  { name: 'prestateTracer', options: '{"diffMode": false, "disableCode": false, "disableStorage": false, "includeEmpty": false}' },
  { name: '4byteTracer', options: '' },
  { name: 'noopTracer', options: '' },
  { name: 'muxTracer', options: '{"callTracer": {}, "4byteTracer": {}}' },
  { name: 'erc7562Tracer', options: '' },
  { name: 'keccak256PreimageTracer', options: '' },
  // geth's JavaScript ones.
  ...[
    'callTracerLegacy',
    'prestateTracerLegacy',
    '4byteTracerLegacy',
    'noopTracerLegacy',
    'opcountTracer',
    'unigramTracer',
    'bigramTracer',
    'trigramTracer',
    'evmdisTracer',
  ].map((name) => ({ name, options: '' })),
];
