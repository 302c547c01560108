// The webviews' HTML shell (the result panel's, the range view's): a strict content security policy (only our
// own stylesheets and one script carrying a fresh nonce; nothing remote, no inline code), everything dynamic
// is filled in by the script.
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';

export function webviewOptions(extensionUri: vscode.Uri): vscode.WebviewOptions & vscode.WebviewPanelOptions {
  return {
    enableScripts: true,
    localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'media'), vscode.Uri.joinPath(extensionUri, 'dist')],
  };
}

/** A page of ours: our stylesheets, `script` (a bundle in dist/) with a fresh nonce, and `body` (static markup). */
export function webviewHtml(
  webview: vscode.Webview,
  extensionUri: vscode.Uri,
  page: { title: string; script: string; body: string },
): string {
  const nonce = randomBytes(18).toString('base64');
  const style = webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'media', 'result.css'));
  const picturesStyle = webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', 'report.css'));
  const script = webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', page.script));
  const csp = [
    "default-src 'none'",
    `style-src ${webview.cspSource}`,
    `font-src ${webview.cspSource}`,
    `img-src ${webview.cspSource}`,
    `script-src 'nonce-${nonce}'`,
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${style}">
<link rel="stylesheet" href="${picturesStyle}">
<title>${page.title}</title>
</head>
<body>
${page.body}
<script nonce="${nonce}" src="${script}"></script>
</body>
</html>`;
}

export function resultHtml(webview: vscode.Webview, extensionUri: vscode.Uri): string {
  return webviewHtml(webview, extensionUri, {
    title: 'Trace result',
    script: 'webview.js',
    body: `<header id="header"></header>
<nav id="toolbar" aria-label="Result actions"></nav>
<div id="find" hidden></div>
<section id="error" hidden></section>
<main id="content"></main>`,
  });
}
