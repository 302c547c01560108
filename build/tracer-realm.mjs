// Bundles the code that runs inside a tracer's realm (runtime/tracer/inside) into one script text, imported
// by the host as `tracer-realm:<entry>`. The script's completion value is the entry's exports object, so
// the host gets `install` without any global being defined in the tracer's context.
import * as esbuild from 'esbuild';
import { fileURLToPath } from 'node:url';

const insideDir = fileURLToPath(new URL('../runtime/tracer/inside/', import.meta.url));

export const tracerRealm = {
  name: 'tracer-realm',
  setup(build) {
    build.onResolve({ filter: /^tracer-realm:/ }, (args) => ({ path: args.path.slice('tracer-realm:'.length), namespace: 'tracer-realm' }));
    build.onLoad({ filter: /.*/, namespace: 'tracer-realm' }, async (args) => {
      const result = await esbuild.build({
        entryPoints: [`${insideDir}${args.path}.ts`],
        bundle: true,
        write: false,
        format: 'cjs',
        platform: 'neutral',
        target: 'es2022',
        minify: build.initialOptions.minify,
        metafile: true,
        logLevel: 'silent',
      });
      const code = result.outputFiles[0].text;
      const script = `(function () { 'use strict'; var module = { exports: {} }, exports = module.exports;\n${code}\nreturn module.exports; })()`;
      return { contents: `export default ${JSON.stringify(script)};`, loader: 'js', watchFiles: Object.keys(result.metafile.inputs) };
    });
  },
};
