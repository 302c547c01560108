// The result panel's HTML shell: a strict content security policy (only our own stylesheet and one script
// carrying a fresh nonce; nothing remote, no inline code), everything dynamic is filled in by the script.
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';

export function webviewOptions(extensionUri: vscode.Uri): vscode.WebviewOptions & vscode.WebviewPanelOptions {
  return {
    enableScripts: true,
    localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'media'), vscode.Uri.joinPath(extensionUri, 'dist')],
  };
}

export function resultHtml(webview: vscode.Webview, extensionUri: vscode.Uri): string {
  const nonce = randomBytes(18).toString('base64');
  const style = webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'media', 'result.css'));
  const picturesStyle = webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', 'report.css'));
  const script = webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', 'webview.js'));
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
<title>Trace result</title>
</head>
<body>
<header id="header"></header>
<nav id="toolbar" aria-label="Result actions"></nav>
<div id="find" hidden></div>
<section id="error" hidden></section>
<main id="content"></main>
<script nonce="${nonce}" src="${script}"></script>
</body>
</html>`;
}
