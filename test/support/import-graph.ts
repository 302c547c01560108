// The project's own import graph, read with the TypeScript compiler API: every source file of the two
// tsconfig projects (the root one and the tracer realm's), and for each the project files it imports by
// any form (import, import type, export … from, import(), require(), `typeof import('…')`), resolved as
// the compiler resolves them. Packages are left out: only the project's own layering is of interest.
import { relative, resolve } from 'node:path';
import ts from 'typescript';

export const root = resolve(__dirname, '..', '..');
export const projects = ['tsconfig.json', 'runtime/tracer/inside/tsconfig.json'];

/** Repository-relative path → the repository-relative paths it imports (sorted). */
export type ImportGraph = Map<string, string[]>;

export function parseProject(base: string, configPath: string): ts.ParsedCommandLine {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    resolve(base, configPath),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(`${configPath}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`);
      },
    },
  );
  if (!parsed) throw new Error(`${configPath}: not read`);
  return parsed;
}

/** The module specifiers a file names, in every import form. */
function specifiers(file: ts.SourceFile): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push(node.moduleSpecifier.text);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      const expression = node.moduleReference.expression;
      if (ts.isStringLiteral(expression)) found.push(expression.text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push(node.argument.literal.text);
    } else if (ts.isCallExpression(node) && node.arguments.length > 0 && ts.isStringLiteralLike(node.arguments[0])) {
      const callee = node.expression;
      if (callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === 'require'))
        found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

export function importGraph(): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const configPath of projects) {
    const { fileNames, options } = parseProject(root, configPath);
    for (const fileName of fileNames) {
      const from = relative(root, fileName);
      if (graph.has(from)) continue;
      const file = ts.createSourceFile(fileName, ts.sys.readFile(fileName) ?? '', ts.ScriptTarget.Latest, true);
      const targets = new Set<string>();
      for (const specifier of specifiers(file)) {
        const resolved = ts.resolveModuleName(specifier, fileName, options, ts.sys).resolvedModule;
        if (!resolved || resolved.isExternalLibraryImport) continue;
        const target = relative(root, resolved.resolvedFileName);
        if (!target.startsWith('..') && !target.includes('node_modules')) targets.add(target);
      }
      graph.set(from, [...targets].sort());
    }
  }
  return graph;
}

/** The import circles: each a list of files in which each imports the next and the last the first. One per
 * strongly connected component (Tarjan's algorithm), shown along one circle through it. */
export function importCircles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let next = 0;
  const strongConnect = (node: string): void => {
    index.set(node, next);
    low.set(node, next);
    next++;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        strongConnect(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node)!, index.get(target)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) components.push(component);
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) strongConnect(node);
  return components.map((component) => circleThrough(graph, new Set(component)));
}

/** One circle through the component's first file (sorted), found breadth-first within the component. */
function circleThrough(graph: ImportGraph, component: Set<string>): string[] {
  const start = [...component].sort()[0];
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const target of graph.get(node) ?? []) {
      if (!component.has(target)) continue;
      if (target === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0])!);
        return path;
      }
      if (!cameFrom.has(target)) {
        cameFrom.set(target, node);
        queue.push(target);
      }
    }
  }
  return [start];
}
