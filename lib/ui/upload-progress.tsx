import { useEffect, useRef, useSyncExternalStore } from "react";
import type { UploadState } from "./upload-state";

/**
 * Upload progress for every form with a file (docs/adr/0007-upload-progress.md).
 *
 * `fetch` cannot report upload progress; XMLHttpRequest can. Remix sends a form's action
 * request with the global `fetch`, so once JS runs we wrap `fetch`: a POST whose body is a
 * FormData holding a non-empty file goes out through XMLHttpRequest (reporting
 * `upload.onprogress`) and its answer is handed back to Remix as an ordinary `Response`. Remix
 * then does what it always does with it: action data and 400s re-render the form, redirects
 * navigate (toasts included), thrown errors reach the error boundary. Every other request is the
 * browser's own fetch, untouched. Without JS none of this runs and the form posts as a page.
 * The wrapper (upload-fetch.ts) is loaded when a file input is first touched (issue 12: a page's
 * first load carries only what it shows), well before a file is chosen and sent; a form sent before
 * it has arrived uploads without the bar.
 */

export type { UploadState } from "./upload-state";

let current: UploadState | null = null;
const listeners = new Set<() => void>();

/** Handed to the fetch wrapper (upload-fetch.ts), which calls it as an upload starts, progresses and ends. */
function publish(next: UploadState | null) {
  current = next;
  for (const listener of listeners) listener();
}

function subscribeToUploads(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

const currentUpload = () => current;

/** Whole percent, 0-100; 0 until the size is known. */
export function uploadPercent(state: Pick<UploadState, "loaded" | "total">): number {
  if (!(state.total > 0)) return 0;
  return Math.max(0, Math.min(100, Math.floor((state.loaded / state.total) * 100)));
}

// What a file input gets first: the wrapper is loaded on the first of these.
const TOUCHES = ["focusin", "pointerdown", "input", "change"];

/**
 * The progress bar for the form it sits in: the UI kit's FileField renders one, so every upload
 * form has it; a form with several file fields shows only the first. The live region is in the
 * page from the start so screen readers announce its changes.
 */
export function UploadProgress() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const load = (event: Event) => {
      if (!(event.target instanceof HTMLInputElement && event.target.type === "file")) return;
      for (const type of TOUCHES) document.removeEventListener(type, load, true);
      void import("./upload-fetch").then((m) => m.installUploadProgress(publish));
    };
    for (const type of TOUCHES) document.addEventListener(type, load, true);
    return () => {
      for (const type of TOUCHES) document.removeEventListener(type, load, true);
    };
  }, []);
  const state = useSyncExternalStore(subscribeToUploads, currentUpload, () => null);
  const el = ref.current;
  const form = el?.closest("form") ?? null;
  const mine = Boolean(state && form && state.form === form && form.querySelector("[data-upload-progress]") === el);
  const percent = state ? uploadPercent(state) : 0;
  return (
    <div ref={ref} data-upload-progress="" aria-live="polite" className={mine ? "mt-2" : undefined}>
      {mine ? (
        <div className="flex items-center gap-2 text-sm text-slate-700">
          <progress max={100} value={percent} aria-label="Upload progress" className="h-2 w-40 max-w-full accent-blue-700">
            {percent}%
          </progress>
          <span>Uploading… {percent}%</span>
        </div>
      ) : null}
    </div>
  );
}
