/** Run `task` in a task of its own once the next frame has painted (a task posted from the
 * frame's animation callback runs after that frame's rendering). */
export function afterPaint(task: () => void): void {
  requestAnimationFrame(() => setTimeout(task, 0));
}
