// Puts nodes in source order: by start, and a node before the nodes inside it (as a walk meets them).
import type { AnyNode } from './syntax';

export function bySourceOrder(a: AnyNode, b: AnyNode): number {
  return a.start - b.start || b.end - a.end;
}

/** Sorts `nodes` in place, stably, by `bySourceOrder`. The parser files nodes as it finishes them, which
 * is nearly source order (only a node and those inside it are swapped), so an insertion sort does
 * few moves; past a budget of moves it leaves the rest to Array#sort (same stable order). */
export function sortBySourceOrder(nodes: AnyNode[]): AnyNode[] {
  let budget = 4 * nodes.length;
  for (let i = 1; i < nodes.length; i++) {
    const node = nodes[i];
    let j = i - 1;
    while (j >= 0 && bySourceOrder(nodes[j], node) > 0) {
      if (--budget < 0) return nodes.sort(bySourceOrder);
      nodes[j + 1] = nodes[j];
      j--;
    }
    nodes[j + 1] = node;
  }
  return nodes;
}
