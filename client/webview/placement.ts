// Where a new result panel opens: beside the editor the trace was started from, in a group that already
// exists when there is one (right of it, else left of it), so tracing from the right-hand group of two never
// opens a third column. Columns are VS Code's 1-based ViewColumn numbers.

/** The column for a new panel, or 'beside' (VS Code creates a column next to the active one). */
export function panelColumn(activeColumn: number | undefined, groupCount: number): number | 'beside' {
  if (activeColumn === undefined) return 'beside';
  if (activeColumn < groupCount) return activeColumn + 1;
  if (groupCount > 1) return activeColumn - 1;
  return 'beside';
}
