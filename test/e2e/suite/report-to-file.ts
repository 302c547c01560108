// Preloaded by @vscode/test-cli's runner in the extension host (`mocha.require` in .vscode-test.mjs).
// In code-server the extension host's console only reaches the browser, mixed with the workbench's own
// logs, so the launcher (test/e2e/code-server-launcher.mjs) names a file in EVM_TRACER_E2E_REPORT and
// prints what arrives there; every mocha reporter prints through Base.consoleLog. Without the variable
// (desktop VS Code) the report goes to the console as usual.
import { appendFileSync } from 'node:fs';
import { format } from 'node:util';
import Mocha from 'mocha';

const reportFile = process.env.EVM_TRACER_E2E_REPORT;
if (reportFile) Mocha.reporters.Base.consoleLog = (...args: unknown[]) => appendFileSync(reportFile, `${format(...args)}\n`);
