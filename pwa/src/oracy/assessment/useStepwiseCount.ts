import { useEffect, useState } from 'react';

/**
 * How many of `total` pieces of a long screen to show: 0 while
 * `active` is false, then 1 at once and one more after each painted frame,
 * until all `total` are shown. Each piece is built and laid out in a task of
 * its own, so no single long task holds a slow phone's main thread, and the
 * first piece paints without waiting for the rest (about one frame, ~16 ms,
 * per further piece). Once started it carries on to `total`, even if
 * `active` turns false again. When no frame comes (a background tab pauses
 * `requestAnimationFrame`), each step still comes after at most 100 ms.
 */
export function useStepwiseCount(total: number, active: boolean): number {
  const [shown, setShown] = useState(active ? 1 : 0);
  // `active` turned on: show the first piece in this very render (React's "adjust state while rendering").
  if (active && shown === 0) setShown(1);

  useEffect(() => {
    if (shown === 0 || shown >= total) return undefined;
    return afterNextPaint(() => setShown((count) => Math.min(count + 1, total)));
  }, [shown, total]);

  return Math.min(shown, total);
}

/**
 * Runs `step` in a task of its own after the browser has painted the next
 * frame (a `requestAnimationFrame` callback runs just before that frame's
 * layout and paint; a zero timeout set there runs after them). Falls back to
 * a 100 ms timeout when no frame comes. Returns a function cancelling it.
 */
function afterNextPaint(step: () => void): () => void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    step();
  };
  const fallback = window.setTimeout(run, 100);
  let frame = 0;
  let timer = 0;
  if (typeof window.requestAnimationFrame === 'function') {
    frame = window.requestAnimationFrame(() => {
      timer = window.setTimeout(run, 0);
    });
  }
  return () => {
    done = true;
    window.clearTimeout(fallback);
    window.clearTimeout(timer);
    if (frame) window.cancelAnimationFrame(frame);
  };
}
