// Tab-separated text as spreadsheets put it on the clipboard: cells holding a tab, a line
// break or a double quote are quoted ("a ""b"""), and quoted cells may span lines.

export function parseTsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let i = 0;
  const source = text.replace(/\r\n?/g, "\n").replace(/\n$/, "");
  while (i <= source.length) {
    if (cell === "" && source[i] === '"') {
      // A quoted cell: runs to the closing quote that is followed by a separator or the end.
      let j = i + 1;
      let value = "";
      let closed = false;
      while (j < source.length) {
        if (source[j] === '"') {
          if (source[j + 1] === '"') {
            value += '"';
            j += 2;
            continue;
          }
          closed = j + 1 === source.length || source[j + 1] === "\t" || source[j + 1] === "\n";
          break;
        }
        value += source[j];
        j += 1;
      }
      if (closed) {
        cell = value;
        i = j + 1;
        if (i >= source.length) {
          row.push(cell);
          rows.push(row);
          return rows;
        }
        continue;
      }
      // Not a well-formed quoted cell: the quote is ordinary text.
    }
    const ch = source[i];
    if (i === source.length) {
      row.push(cell);
      rows.push(row);
      break;
    }
    if (ch === "\t") {
      row.push(cell);
      cell = "";
    } else if (ch === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else {
      cell += ch;
    }
    i += 1;
  }
  return rows;
}

function quote(cell: string): string {
  return /[\t\n\r"]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

export function toTsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(quote).join("\t")).join("\n");
}
