// Counting the records of a download as its bytes arrive, for the progress bar: CSV by its
// line ends outside quoted fields, XLSX by the rows of its worksheet, which the server
// writes as the archive's first entry (its compressed data is inflated as it comes).

export interface RowCounter {
  /** The next bytes of the file. */
  push(chunk: Uint8Array): void;
  /** Records seen so far (the header line or row not counted). */
  rows(): number;
}

const QUOTE = 0x22;
const NEWLINE = 0x0a;

/** Records of a CSV file: line ends outside quotes (a quote and a line end are single bytes in
 * UTF-8, never part of another character). */
export function csvRowCounter(): RowCounter {
  let quoted = false;
  let lines = 0;
  return {
    push(chunk) {
      for (let i = 0; i < chunk.length; i++) {
        const byte = chunk[i];
        if (byte === QUOTE) quoted = !quoted;
        else if (byte === NEWLINE && !quoted) lines++;
      }
    },
    rows: () => Math.max(0, lines - 1),
  };
}

const ROW_END = new TextEncoder().encode("</row>");

/** Counts `needle` in a stream of chunks, across chunk boundaries. */
export function occurrences(needle: Uint8Array): (chunk: Uint8Array) => number {
  let matched = 0;
  return (chunk) => {
    let found = 0;
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i];
      if (byte === needle[matched]) {
        matched++;
        if (matched === needle.length) {
          found++;
          matched = 0;
        }
      } else {
        matched = byte === needle[0] ? 1 : 0;
      }
    }
    return found;
  };
}

/** A ZIP local file header: 30 bytes, then the name and the extra field. */
const LOCAL_HEADER = 30;

/** Rows of an XLSX file whose first entry is its worksheet, deflated. */
export function xlsxRowCounter(): RowCounter {
  let head: Uint8Array | null = new Uint8Array(0);
  let writer: WritableStreamDefaultWriter<BufferSource> | null = null;
  let rows = 0;
  let ended = false;
  const count = occurrences(ROW_END);

  const start = (data: Uint8Array) => {
    const inflate = new DecompressionStream("deflate-raw");
    writer = inflate.writable.getWriter();
    const reader = inflate.readable.getReader();
    void (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          rows += count(value as Uint8Array);
        }
      } catch {
        // the worksheet's data ended and the archive's next entries followed: counted
      }
      ended = true;
    })();
    feed(data);
  };
  const feed = (data: Uint8Array) => {
    if (!writer || ended || !data.length) return;
    writer.write(data as Uint8Array<ArrayBuffer>).catch(() => {
      ended = true;
    });
  };
  return {
    push(chunk) {
      if (head === null) return feed(chunk);
      const joined = new Uint8Array(head.length + chunk.length);
      joined.set(head);
      joined.set(chunk, head.length);
      if (joined.length < LOCAL_HEADER) {
        head = joined;
        return;
      }
      const begin = LOCAL_HEADER + (joined[26] | (joined[27] << 8)) + (joined[28] | (joined[29] << 8));
      if (joined.length < begin) {
        head = joined;
        return;
      }
      head = null;
      start(joined.subarray(begin));
    },
    rows: () => Math.max(0, rows - 1),
  };
}
