// The state of a field type's editor that edits text (the grid's cell, the record form): its
// text, where each edit starts it, what it reports, and the focus it takes in a cell.
import { useLayoutEffect, useRef, useState } from "react";
import type { EditorProps, EditorText, EditorTextOptions } from "../hostApi";

function textOf(value: unknown): string {
  return value === null || value === undefined ? "" : typeof value === "object" ? JSON.stringify(value) : String(value);
}

const valueOf = (text: string): unknown => (text === "" ? null : text);

/** An editor's text: it starts from the key typed on the cell that opened the edit, else from
 * the value, and starts over each time the edit opens (an editor kept ready leaves standby);
 * it is empty in standby. As the edit opens, the typed key is reported as a value and, in a
 * cell, the input takes the focus with the caret at the end of its text. Nothing here makes the
 * browser lay the page out before the frame that shows the editor: the caret is placed while
 * the input is not focused yet (it is only noted then, and the focus restores it), the focus
 * scrolls nothing, and the input is brought into view, when its cell is not wholly visible,
 * from the next frame's callback, on the layout that frame does anyway. */
export function useEditorText<T extends HTMLInputElement | HTMLTextAreaElement>(
  { value, typed, variant, standby = false, onChange }: Pick<EditorProps, "value" | "typed" | "variant" | "standby" | "onChange">,
  { fromValue = textOf, toValue = valueOf }: EditorTextOptions = {},
): EditorText<T> {
  const start = () => (standby ? "" : typed !== undefined ? typed : fromValue(value));
  const [text, setText] = useState(start);
  const [wasStandby, setWasStandby] = useState(standby);
  if (wasStandby !== standby) {
    setWasStandby(standby);
    setText(start());
  }
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    if (standby) return;
    if (typed !== undefined) onChange(toValue(typed));
    const el = ref.current;
    if (!el || variant === "form") return;
    const end = el.value.length;
    if (el.selectionStart !== end || el.selectionEnd !== end) el.setSelectionRange(end, end);
    return focusInCell(el);
    // Each time the edit opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [standby]);
  const change = (next: string) => {
    setText(next);
    onChange(toValue(next));
  };
  return { ref, text, change };
}

/** Focus `el`, an editor opening in a grid's cell, without making the browser lay the page out
 * before the frame that shows it: the focus scrolls nothing, and the editor is brought into
 * view, when its cell is not wholly visible, from the next frame's callback (on the layout that
 * frame does anyway). Returns what cancels the bringing into view. */
export function focusInCell(el: HTMLElement): () => void {
  el.focus({ preventScroll: true });
  const frame = requestAnimationFrame(() => {
    if (el.isConnected && typeof el.scrollIntoView === "function") el.scrollIntoView({ block: "nearest", inline: "nearest" });
  });
  return () => cancelAnimationFrame(frame);
}
