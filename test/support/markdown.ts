// Reading the project's Markdown documents for the tests that check them against the tree: tables, inline code
// and links outside fenced code blocks, and headings as GitHub names their anchors.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** README.md, CONTRIBUTING.md and every docs/*.md, as paths from the repository root. */
export function projectDocuments(): string[] {
  const docs = readdirSync('docs')
    .filter((name) => name.endsWith('.md'))
    .map((name) => join('docs', name));
  return ['README.md', 'CONTRIBUTING.md', ...docs.sort()];
}

export interface Line {
  text: string;
  /** 1-based, for messages that point into the document. */
  number: number;
}

/** The document's lines outside fenced code blocks (``` or ~~~). */
export function proseLines(markdown: string): Line[] {
  const lines: Line[] = [];
  let fence: string | undefined;
  markdown.split('\n').forEach((text, index) => {
    const marker = /^\s*(```|~~~)/.exec(text)?.[1];
    if (marker && (fence === undefined || fence === marker)) {
      fence = fence === undefined ? marker : undefined;
      return;
    }
    if (fence === undefined) lines.push({ text, number: index + 1 });
  });
  return lines;
}

export interface Table {
  header: string[];
  rows: { cells: string[]; line: number }[];
}

/** Splits a table row on unescaped pipes; `\|` stays in its cell as `|`. */
function cellsOf(row: string): string[] {
  const inner = row.trim().replace(/^\|/, '').replace(/\|$/, '');
  return inner.split(/(?<!\\)\|/).map((cell) => cell.trim().replace(/\\\|/g, '|'));
}

/** Every pipe table of the document: its header cells and its body rows. */
export function tables(markdown: string): Table[] {
  const found: Table[] = [];
  const lines = proseLines(markdown);
  for (let i = 0; i + 1 < lines.length; i++) {
    const isRow = (line: Line | undefined) => line !== undefined && line.text.trim().startsWith('|');
    if (!isRow(lines[i]) || !/^\s*\|[\s:|-]+\|\s*$/.test(lines[i + 1].text)) continue;
    const table: Table = { header: cellsOf(lines[i].text), rows: [] };
    let j = i + 2;
    for (; isRow(lines[j]); j++) table.rows.push({ cells: cellsOf(lines[j].text), line: lines[j].number });
    found.push(table);
    i = j - 1;
  }
  return found;
}

/** The tables whose header is exactly `header` (case-insensitive). */
export function tablesWithHeader(markdown: string, header: string[]): Table[] {
  const wanted = header.map((cell) => cell.toLowerCase()).join('|');
  return tables(markdown).filter((table) => table.header.map((cell) => cell.toLowerCase()).join('|') === wanted);
}

/** The anchors GitHub gives the document's headings (duplicates get -1, -2, …). */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const { text } of proseLines(markdown)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(text)?.[1];
    if (heading === undefined) continue;
    const slug = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}
