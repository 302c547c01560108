// The self-contained HTML report: inline style and script allowed by their hashes in a strict content
// security policy (nothing else runs, nothing loads), the data in a JSON script element escaped so that no
// string in a result can end the element or open markup.
import { createHash } from 'node:crypto';
import type { ReportData } from './data';
import type { ReportAssets } from './assets';
import { jsonText } from './json-text';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** JSON safe inside <script type="application/json">: no `<`, `>`, `&` or line separators survive as such. */
export function embeddableJson(value: unknown): string {
  return jsonText(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const escapeText = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function reportHtml(data: ReportData, assets: ReportAssets): string {
  // The bundle must not close its own element; esbuild output never contains it, but check rather than trust.
  if (/<\/script/i.test(assets.script) || /<\/style/i.test(assets.style)) throw new Error('the report assets contain a closing tag');
  const csp = [
    "default-src 'none'",
    `script-src ${sha256(assets.script)}`,
    `style-src ${sha256(assets.style)}`,
    "img-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  const title = data.compare ? `${data.main.title} vs ${data.compare.title}` : data.main.title;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<meta name="color-scheme" content="light dark">
<title>${escapeText(title)} · EVM Tracer report</title>
<style>${assets.style}</style>
</head>
<body class="report-page">
<main id="report"></main>
<script type="application/json" id="report-data">${embeddableJson(data)}</script>
<script>${assets.script}</script>
</body>
</html>
`;
}
