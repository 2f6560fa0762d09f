// The `where` clause of the records API (NocoDB's syntax: `(field,op,value)~and(...)`).

/** Quote a where-clause operand (a field's title, a value) when it holds characters the
 * grammar treats specially. */
export function whereValue(text: string): string {
  return /[,()~"\s]/.test(text) ? `"${text.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"` : text;
}
