// Files bundled as text by esbuild (`with { type: 'text' }`).
declare module 'big-integer/BigInteger.js' {
  const text: string;
  export default text;
}
