// `evmTracer/flatten`: the document flattened to one line (with the document's ecmaVersion setting).
import { tooLargeMessage } from '../../core/analysis-limit';
import { FlattenRequest, type FlattenParams, type FlattenResult } from '../../core/protocol';
import { flattenTracer } from '../../core/tracer/flatten';
import { oversize } from '../size-limit';
import type { Feature } from './feature';
import { documentSettings } from './settings';

/** Problems the error lists; the rest are counted. The editor shows the error in a notification, and a text
 * of 65,000 shorthand properties made one of 37 MB. */
export const MAX_LISTED = 10;

export const flattenFeature: Feature = {
  capabilities() {
    return {};
  },
  register({ connection, documents }) {
    connection.onRequest(FlattenRequest.method, async ({ uri }: FlattenParams): Promise<FlattenResult> => {
      const document = documents.get(uri);
      if (!document) return { error: `${uri} is not open in the language server` };
      const bytes = oversize(document);
      if (bytes !== undefined) return { error: tooLargeMessage(bytes, 'flatten') };
      const { ecmaVersion } = await documentSettings(uri);
      const result = flattenTracer(document.getText(), { ecmaVersion });
      if (result.ok) return { code: result.code };
      const where = decodeURIComponent(uri.replace(/^file:\/\//, ''));
      const lines = result.diagnostics
        .slice(0, MAX_LISTED)
        .map((d) => `${where}:${d.range.start.line + 1}:${d.range.start.character + 1}: ${d.message}`);
      const more = result.diagnostics.length - MAX_LISTED;
      if (more > 0) lines.push(`and ${more} more (evm-tracer flatten lists them all)`);
      return { error: `The tracer cannot be flattened:\n${lines.join('\n')}` };
    });
  },
};
