// How text shows in a cell. `URI::(address)`, optionally followed by ` LABEL::(label)` (what the
// URL() formula writes), becomes a link opening in a new tab: http, https, ftp and mailto
// addresses only, one without a scheme gets http://, anything else stays text. A text that is
// a whole ISO 8601 timestamp ("2024-05-01T09:30:00Z") shows as YYYY-MM-DD HH:mm in local time.
import type { ReactNode } from "react";

export type Piece = string | { href: string; label: string };

const URI = /URI::\(([^)]*)\)(?: LABEL::\(([^)]*)\))?/g;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const SAFE = new Set(["http:", "https:", "ftp:", "mailto:"]);

function hrefOf(address: string): string | null {
  const text = address.trim();
  if (!text) return null;
  try {
    const url = new URL(SCHEME.test(text) ? text : `http://${text}`);
    return SAFE.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

/** The text cut into plain parts and links, in order. */
export function textPieces(text: string): Piece[] {
  const pieces: Piece[] = [];
  let at = 0;
  for (const match of text.matchAll(URI)) {
    const [whole, address, label] = match;
    const start = match.index ?? 0;
    if (start > at) pieces.push(text.slice(at, start));
    const href = hrefOf(address);
    const shown = label || address;
    pieces.push(href ? { href, label: shown || href } : shown);
    at = start + whole.length;
  }
  if (at < text.length) pieces.push(text.slice(at));
  return pieces;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;
const pad = (n: number) => String(n).padStart(2, "0");

/** A whole ISO 8601 timestamp as YYYY-MM-DD HH:mm in local time (one without a zone is
 * local already); null for any other text. */
export function isoTimestamp(text: string): string | null {
  const match = ISO.exec(text.trim());
  if (!match || +match[2] < 1 || +match[2] > 12 || +match[3] < 1 || +match[3] > 31 || +match[4] > 23 || +match[5] > 59) return null;
  const date = match[7] ? new Date(text.trim()) : new Date(+match[1], +match[2] - 1, +match[3], +match[4], +match[5], +(match[6] ?? 0));
  if (Number.isNaN(date.getTime())) return null;
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A text as a cell shows it (see above). */
export function DisplayText({ text }: { text: string }): ReactNode {
  const stamp = isoTimestamp(text);
  if (stamp) return <span title={text}>{stamp}</span>;
  if (!text.includes("URI::(")) return text;
  return textPieces(text).map((piece, i) =>
    typeof piece === "string" ? (
      piece
    ) : (
      <a
        key={i}
        className="wb-link-cell"
        href={piece.href}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="text-link"
        // Following the link is not an edit of the cell.
        onDoubleClick={(e) => e.stopPropagation()}
        onKeyDown={(e) => e.stopPropagation()}
      >
        {piece.label}
      </a>
    ),
  );
}
