// Where the grid's rows go down the page: one run of records (no grouping), or records under
// the headers of their groups (NocoDB's group-by, up to three levels). The records of a
// grouped grid are read in the groups' order, so a group's records are one run of row
// numbers: the layout is built from the groups and their counts (work per group, never per
// record) and answers in logarithmic time which rows and headers are at a height.

/** A group of records: the value of its field and how many records it holds. */
export interface GroupNode {
  /** The path of values from the outermost group, as JSON (collapsed groups are kept by it). */
  key: string;
  level: number;
  value: unknown;
  count: number;
  /** The row number of its first record. */
  firstRow: number;
  children: GroupNode[];
}

export interface HeaderItem {
  kind: "header";
  top: number;
  group: GroupNode;
  collapsed: boolean;
}

export interface RowsItem {
  kind: "rows";
  top: number;
  firstRow: number;
  count: number;
}

export type LayoutItem = HeaderItem | RowsItem;

export interface RowLayout {
  fullHeight: number;
  rowHeight: number;
  items: LayoutItem[];
  /** The runs of records, in order (their `firstRow` ascending). */
  runs: RowsItem[];
}

export const GROUP_HEADER_HEIGHT = 36;

/** The leaf groups of a group-by (the values of the grouped fields, outermost first, and the
 * number of records) made into a tree; leaves follow each other in the records' order. */
export function groupTree(leaves: readonly { values: unknown[]; count: number }[]): GroupNode[] {
  const roots: GroupNode[] = [];
  let row = 0;
  const path: GroupNode[] = [];
  for (const leaf of leaves) {
    let level = 0;
    while (level < path.length && level < leaf.values.length && sameValue(path[level].value, leaf.values[level])) level += 1;
    path.length = level;
    for (let l = level; l < leaf.values.length; l += 1) {
      const parent = path[l - 1];
      const node: GroupNode = {
        key: JSON.stringify(leaf.values.slice(0, l + 1)),
        level: l,
        value: leaf.values[l],
        count: 0,
        firstRow: row,
        children: [],
      };
      (parent ? parent.children : roots).push(node);
      path.push(node);
    }
    for (const node of path) node.count += leaf.count;
    row += leaf.count;
  }
  return roots;
}

function sameValue(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** The keys of the collapsed groups that hold `row`, outermost first (unfolding them shows it). */
export function foldedAround(roots: readonly GroupNode[], collapsed: ReadonlySet<string>, row: number): string[] {
  const keys: string[] = [];
  let nodes = roots;
  for (;;) {
    const group = nodes.find((g) => row >= g.firstRow && row < g.firstRow + g.count);
    if (!group) return keys;
    if (collapsed.has(group.key)) keys.push(group.key);
    nodes = group.children;
  }
}

export function flatLayout(rowCount: number, rowHeight: number): RowLayout {
  const run: RowsItem = { kind: "rows", top: 0, firstRow: 0, count: rowCount };
  return { fullHeight: rowCount * rowHeight, rowHeight, items: [run], runs: [run] };
}

/** The groups' headers, each followed by its subgroups or records unless collapsed. */
export function groupedLayout(roots: readonly GroupNode[], collapsed: ReadonlySet<string>, rowHeight: number): RowLayout {
  const items: LayoutItem[] = [];
  const runs: RowsItem[] = [];
  let top = 0;
  const walk = (nodes: readonly GroupNode[]) => {
    for (const group of nodes) {
      const isCollapsed = collapsed.has(group.key);
      items.push({ kind: "header", top, group, collapsed: isCollapsed });
      top += GROUP_HEADER_HEIGHT;
      if (isCollapsed) continue;
      if (group.children.length > 0) walk(group.children);
      else if (group.count > 0) {
        const run: RowsItem = { kind: "rows", top, firstRow: group.firstRow, count: group.count };
        items.push(run);
        runs.push(run);
        top += group.count * rowHeight;
      }
    }
  };
  walk(roots);
  return { fullHeight: top, rowHeight, items, runs };
}

function itemHeight(layout: RowLayout, item: LayoutItem): number {
  return item.kind === "header" ? GROUP_HEADER_HEIGHT : item.count * layout.rowHeight;
}

/** The index of the last item starting at or above `y` (0 when none). */
function itemAt(layout: RowLayout, y: number): number {
  const { items } = layout;
  let lo = 0;
  let hi = items.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (items[mid].top <= y) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The top of `row`, or null when its group is collapsed (or it is beyond the records). */
export function rowTopIn(layout: RowLayout, row: number): number | null {
  const { runs } = layout;
  let lo = 0;
  let hi = runs.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (runs[mid].firstRow <= row) lo = mid;
    else hi = mid - 1;
  }
  const run = runs[lo];
  if (!run || row < run.firstRow || row >= run.firstRow + run.count) return null;
  return run.top + (row - run.firstRow) * layout.rowHeight;
}

/** Rows drawn beyond the viewport: `before` above it, `after` below. */
export interface Overscan {
  before: number;
  after: number;
}

/** The headers and runs of rows between heights y0 and y1, `overscan` rows more (each side,
 * or as many above and below as it says). */
export function itemsBetween(layout: RowLayout, y0: number, y1: number, overscan: number | Overscan) {
  const headers: HeaderItem[] = [];
  const runs: { first: number; last: number }[] = [];
  const { items, rowHeight } = layout;
  if (items.length === 0) return { headers, runs };
  const { before, after } = typeof overscan === "number" ? { before: overscan, after: overscan } : overscan;
  const top = y0 - before * rowHeight;
  const bottom = y1 + after * rowHeight;
  for (let i = itemAt(layout, Math.max(0, top)); i < items.length && items[i].top < bottom; i += 1) {
    const item = items[i];
    if (item.top + itemHeight(layout, item) <= top) continue;
    if (item.kind === "header") {
      headers.push(item);
      continue;
    }
    if (item.count === 0) continue;
    const first = Math.max(0, Math.floor((y0 - item.top) / rowHeight) - before);
    const last = Math.min(item.count - 1, Math.ceil((y1 - item.top) / rowHeight) + after);
    if (last >= first) runs.push({ first: item.firstRow + first, last: item.firstRow + last });
  }
  return { headers, runs };
}
