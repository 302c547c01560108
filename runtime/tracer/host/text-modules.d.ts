// Files bundled as text by esbuild (`with { type: 'text' }`).
declare module 'big-integer/BigInteger.js' {
  const text: string;
  export default text;
}

// The inside bundle of a tracer realm as script text (build/tracer-realm.mjs).
declare module 'tracer-realm:*' {
  const script: string;
  export default script;
}

// geth's named JS tracers as source text (runtime/builtin/legacy-js.ts).
declare module '*.tracer.js' {
  const source: string;
  export default source;
}
