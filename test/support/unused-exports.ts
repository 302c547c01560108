// Exports nobody imports, found with the TypeScript compiler's checker: every name a file uses (by import,
// import type, re-export, `import()` and what is read of it, a namespace's `ns.name`, `typeof import('…')`)
// is followed through its aliases to the exports it passes, and an export counts as used when a file other
// than its own reaches it. A module used as a whole value (a namespace passed on) has all its exports used.
import { relative } from 'node:path';
import ts from 'typescript';
import { parseProject } from './import-graph';

export interface UnusedExport {
  /** Path of the exporting file, relative to the root. */
  file: string;
  name: string;
  /** Its own file uses it: only the `export` keyword is unused. */
  usedInFile: boolean;
}

export interface ExportCheck {
  root: string;
  /** The tsconfig files (relative to the root) whose files are read. */
  projects: string[];
  /** Whether a file's exports are checked (every file's uses count): not an entry point's, which its
   * loader uses (a bundle's entry, a file loaded by name). */
  inScope: (file: string) => boolean;
}

/** `file:name` of each export and the files that reach it; modules used as a whole and their users. */
interface Uses {
  exports: Map<string, Set<string>>;
  wholeModules: Map<string, Set<string>>;
}

function addTo(map: Map<string, Set<string>>, key: string, from: string): void {
  const set = map.get(key) ?? new Set<string>();
  set.add(from);
  map.set(key, set);
}

/** Import and export specifiers and clauses: naming an export there is a use, not a declaration. */
function isModuleSyntax(node: ts.Node): boolean {
  return ts.isImportSpecifier(node) || ts.isImportClause(node) || ts.isNamespaceImport(node) || ts.isExportSpecifier(node);
}

/** The statements an `export` keyword can stand on (their names declare, they do not use). */
function declaresExport(node: ts.Node): node is ts.DeclarationStatement | ts.VariableDeclaration {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isClassDeclaration(node) ||
    ts.isInterfaceDeclaration(node) ||
    ts.isTypeAliasDeclaration(node) ||
    ts.isEnumDeclaration(node) ||
    ts.isModuleDeclaration(node) ||
    ts.isVariableDeclaration(node)
  );
}

/** The literal keys an element access reads (`m[name]` with `name` a union of literals), or undefined. */
function literalKeys(checker: ts.TypeChecker, key: ts.Expression): string[] | undefined {
  const type = checker.getTypeAtLocation(key);
  const parts = type.isUnion() ? type.types : [type];
  return parts.every((part) => part.isStringLiteral()) ? parts.map((part) => (part as ts.StringLiteralType).value) : undefined;
}

function readProject(check: ExportCheck, configPath: string, uses: Uses, exportsOf: Map<string, string[]>): void {
  const { fileNames, options } = parseProject(check.root, configPath);
  const program = ts.createProgram(fileNames, options);
  const checker = program.getTypeChecker();
  const pathOf = (file: ts.SourceFile) => relative(check.root, file.fileName);
  const sources = program.getSourceFiles().filter((file) => !file.isDeclarationFile && !pathOf(file).startsWith('..'));

  // Each file's own exports (`export *` lends another file's: they belong to that file).
  const keyOf = new Map<ts.Symbol, string>();
  const moduleOf = new Map<ts.Symbol, string>();
  for (const source of sources) {
    const file = pathOf(source);
    const moduleSymbol = checker.getSymbolAtLocation(source);
    if (!moduleSymbol) continue;
    moduleOf.set(moduleSymbol, file);
    const own = checker
      .getExportsOfModule(moduleSymbol)
      .filter((symbol) => symbol.declarations?.some((declaration) => declaration.getSourceFile() === source));
    for (const symbol of own) keyOf.set(symbol, `${file}:${symbol.escapedName as string}`);
    if (!exportsOf.has(file))
      exportsOf.set(
        file,
        own.map((symbol) => symbol.escapedName as string),
      );
  }

  /** Records `from` using `symbol` and each export its aliases pass through; a module reached as a whole
   * value is used wholesale unless `asQualifier` (it only qualifies a name, as `ns.name` does). */
  const reach = (symbol: ts.Symbol | undefined, from: string, asQualifier = false): void => {
    for (let step = symbol, hops = 0; step && hops < 32; hops++) {
      const key = keyOf.get(checker.getExportSymbolOfSymbol(step));
      if (key) addTo(uses.exports, key, from);
      const module = moduleOf.get(step);
      if (module && !asQualifier) addTo(uses.wholeModules, module, from);
      step = step.flags & ts.SymbolFlags.Alias ? checker.getImmediateAliasedSymbol(step) : undefined;
    }
  };

  for (const source of sources) {
    const from = pathOf(source);
    const visit = (node: ts.Node): void => {
      const parent = node.parent;
      if (ts.isIdentifier(node) || (ts.isStringLiteral(node) && ts.isExportSpecifier(parent))) {
        // A declaration's own name is no use of it.
        const declares = declaresExport(parent) && parent.name === node;
        if (!declares) {
          const qualifies =
            isModuleSyntax(parent) ||
            (ts.isPropertyAccessExpression(parent) && parent.expression === node) ||
            (ts.isQualifiedName(parent) && parent.left === node) ||
            (ts.isElementAccessExpression(parent) && parent.expression === node);
          const symbol = checker.getSymbolAtLocation(node);
          // `export { name } from`: the export it declares is not used by naming it; what it names is.
          const declared = symbol && ts.isExportSpecifier(parent) && parent.name === node && symbol.flags & ts.SymbolFlags.Alias;
          reach(declared ? checker.getImmediateAliasedSymbol(symbol) : symbol, from, qualifies);
        }
        if (ts.isShorthandPropertyAssignment(parent)) reach(checker.getShorthandAssignmentValueSymbol(parent), from);
      } else if (ts.isBindingElement(node) && ts.isObjectBindingPattern(parent)) {
        // `const { name } = await import('./x')`: the property the element reads.
        const property = node.propertyName ?? node.name;
        if (ts.isIdentifier(property)) reach(checker.getTypeAtLocation(parent).getProperty(property.text), from);
      } else if (ts.isElementAccessExpression(node)) {
        // `(await import('./x'))[name]`: the names `name` may be, or every one.
        const type = checker.getTypeAtLocation(node.expression);
        const keys = literalKeys(checker, node.argumentExpression);
        const read = keys ? keys.map((key) => type.getProperty(key)) : type.getProperties();
        for (const symbol of read) reach(symbol, from, true);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
}

/** The exports of files in scope that no other file uses. */
export function unusedExports(check: ExportCheck): UnusedExport[] {
  const uses: Uses = { exports: new Map(), wholeModules: new Map() };
  const exportsOf = new Map<string, string[]>();
  for (const configPath of check.projects) readProject(check, configPath, uses, exportsOf);
  const byOthers = (users: Set<string> | undefined, file: string) => [...(users ?? [])].some((user) => user !== file);
  const unused: UnusedExport[] = [];
  for (const [file, names] of exportsOf) {
    if (!check.inScope(file) || byOthers(uses.wholeModules.get(file), file)) continue;
    for (const name of names) {
      const users = uses.exports.get(`${file}:${name}`);
      if (!byOthers(users, file)) unused.push({ file, name, usedInFile: users?.has(file) ?? false });
    }
  }
  return unused.sort((a, b) => a.file.localeCompare(b.file) || a.name.localeCompare(b.name));
}
