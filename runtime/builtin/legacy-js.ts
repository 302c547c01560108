// geth's named JavaScript tracers (callTracerLegacy, …), written anew in ES5 in ./js and bundled as text:
// `tracer: NAME` runs the source through the same sealed JS tracer host as a user's tracer, so they behave
// exactly as geth's do (their results, their quirks). The sources carry no comments, so the project's own
// lint passes on them clean; what each does is said here.
import callTracerLegacy from './js/callTracerLegacy.tracer.js' with { type: 'text' }; // the call tree from opcodes alone
import prestateTracerLegacy from './js/prestateTracerLegacy.tracer.js' with { type: 'text' }; // accounts and slots touched, before the tx
import fourByteTracerLegacy from './js/4byteTracerLegacy.tracer.js' with { type: 'text' }; // selector-size call counts
import opcountTracer from './js/opcountTracer.tracer.js' with { type: 'text' }; // number of steps
import unigramTracer from './js/unigramTracer.tracer.js' with { type: 'text' }; // opcode counts
import bigramTracer from './js/bigramTracer.tracer.js' with { type: 'text' }; // opcode pair counts within a frame
import trigramTracer from './js/trigramTracer.tracer.js' with { type: 'text' }; // opcode triple counts within a frame
import evmdisTracer from './js/evmdisTracer.tracer.js' with { type: 'text' }; // the executed code, disassembled with its results
import noopTracerLegacy from './js/noopTracerLegacy.tracer.js' with { type: 'text' }; // nothing: {}

export const legacyJsSources: Record<string, string> = {
  callTracerLegacy,
  prestateTracerLegacy,
  '4byteTracerLegacy': fourByteTracerLegacy,
  opcountTracer,
  unigramTracer,
  bigramTracer,
  trigramTracer,
  evmdisTracer,
  noopTracerLegacy,
};
