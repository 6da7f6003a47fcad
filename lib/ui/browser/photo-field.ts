import { photoProblem, PhotoScaler, type Square } from "@lib/files/image-scale";
import { PHOTO_RULE } from "@lib/files/upload-rules";
import { h, showFieldError } from "./dom";
import { holdSubmit } from "./script-form";
import { PHOTO_UNREADABLE } from "@lib/files/photo-texts";

/**
 * A photo input of a document page (`input[type=file][data-photo]`, rendered by PhotoInput): the
 * type checked at once from the file's first bytes, a square crop box to drag and size, the crop
 * scaled to at most 600x600 JPEG and put into the input in place of the original (a 6 MB phone
 * photo uploads as ~100 KB); a submit waits for the scaling. If the browser cannot encode, the
 * original goes up with the crop box's numbers and the server crops it. A refused photo is
 * emptied by the form's script (script-form.ts), which clears this too.
 */
export function enhancePhoto(input: HTMLInputElement) {
  // The page's words for what this script shows (PhotoInput puts them in the markup), else the English.
  const texts = JSON.parse(input.dataset.photoTexts ?? "{}") as Record<string, string>;
  const say = (english: string) => texts[english] ?? english;
  const showError = (message: string | undefined) => showFieldError(input, message === undefined ? undefined : say(message));
  const frame = input.parentElement!;
  const wrapper = frame.parentElement!;
  const cropArea = h("div", { className: "space-y-2", hidden: true });
  const preview = h("div", { className: "flex items-center gap-3 text-sm text-slate-700", "data-testid": "photo-to-upload", hidden: true });
  wrapper.append(cropArea, preview);
  // The trekker's stored photo (an editor's) gives way to the one being cropped.
  const current = wrapper.querySelector<HTMLImageElement>("img[data-current-photo]");

  let original: File | null = null;
  let scaled: { file: File; url: string } | null = null;
  let source: string | null = null;
  let box: Square = { x: 0, y: 0, size: 200 };
  let shown = { w: 0, h: 0, scale: 1 };
  let choice = 0;
  let image: HTMLImageElement | null = null;
  let boxEl: HTMLElement | null = null;
  let slider: HTMLInputElement | null = null;
  let cropInputs: HTMLElement | null = null;

  function attach(file: File) {
    const dt = new DataTransfer();
    dt.items.add(file);
    input.files = dt.files;
  }
  function setScaled(next: { file: File; url: string } | null) {
    if (scaled) URL.revokeObjectURL(scaled.url);
    scaled = next;
    preview.hidden = !next;
    preview.replaceChildren();
    if (next) {
      preview.append(
        h("img", { src: next.url, alt: say("Photo to upload"), className: "h-16 w-16 rounded border border-slate-200 object-cover" }),
        h(
          "span",
          {},
          say("{{file}} · {{size}} KB, ready to upload")
            .replace("{{file}}", next.file.name)
            .replace("{{size}}", String(Math.max(1, Math.round(next.file.size / 1024)))),
        ),
      );
    }
    drawCropInputs();
  }
  // Posted only when the original goes up (the browser could not scale): the server crops it.
  function drawCropInputs() {
    cropInputs?.remove();
    cropInputs = null;
    if (scaled || !original) return;
    const v = (n: number) => String(Math.round(n * shown.scale));
    cropInputs = h(
      "div",
      {},
      h("input", { type: "hidden", name: "cropX", value: v(box.x) }),
      h("input", { type: "hidden", name: "cropY", value: v(box.y) }),
      h("input", { type: "hidden", name: "cropSize", value: v(box.size) }),
    );
    cropArea.append(cropInputs);
  }
  const scaler = new PhotoScaler(({ file, scaled: ok }) => {
    attach(file);
    if (ok) return setScaled({ file, url: URL.createObjectURL(file) });
    // The browser could not encode: the original goes up with the crop box and the server crops it.
    setScaled(null);
    showError(file.size > PHOTO_RULE.maxBytes ? PHOTO_RULE.messages.tooLarge : undefined);
  });
  function clear(resetInput = true) {
    choice++;
    scaler.reset();
    original = null;
    if (source) URL.revokeObjectURL(source);
    source = null;
    cropArea.hidden = true;
    if (current) current.hidden = false;
    cropArea.replaceChildren();
    cropInputs = null;
    setScaled(null);
    if (resetInput) input.value = "";
  }
  // Dragging and the size slider scale again once the user pauses; the upload is stale at once.
  function rescaleSoon() {
    if (image && original) scaler.scaleSoon(image, original, { ...box }, shown.scale);
  }
  function placeBox() {
    if (!boxEl) return;
    Object.assign(boxEl.style, { left: `${box.x}px`, top: `${box.y}px`, width: `${box.size}px`, height: `${box.size}px` });
    if (slider) slider.value = String(Math.floor(box.size));
    drawCropInputs();
  }
  function showCrop(file: File) {
    source = URL.createObjectURL(file);
    const img = h("img", { src: source, alt: say("Photo to crop"), className: "block max-h-72 max-w-full" });
    // overflow-hidden clips the crop box's shade to the photo: the page is never dimmed.
    boxEl = h("div", {
      role: "presentation",
      "data-testid": "crop-box",
      className: "absolute cursor-move border-2 border-white shadow-[0_0_0_9999px_rgba(0,0,0,0.45)]",
    });
    slider = h("input", { type: "range", min: "50", className: "ml-2 align-middle" });
    cropArea.replaceChildren(
      h("div", { className: "relative inline-block max-w-full touch-none select-none overflow-hidden" }, img, boxEl),
      h("label", { className: "block text-sm text-slate-600" }, say("Crop size"), slider),
    );
    cropArea.hidden = false;
    if (current) current.hidden = true;
    image = img;
    img.addEventListener("load", () => {
      const size = Math.min(200, img.clientWidth, img.clientHeight);
      shown = { w: img.clientWidth, h: img.clientHeight, scale: img.naturalWidth / img.clientWidth };
      box = { x: (img.clientWidth - size) / 2, y: (img.clientHeight - size) / 2, size };
      slider!.max = String(Math.max(50, Math.floor(Math.min(shown.w, shown.h))));
      placeBox();
      if (original) scaler.scaleNow(img, original, box, shown.scale);
    });
    img.addEventListener("error", () => {
      clear();
      showError(PHOTO_UNREADABLE);
    });
    let drag: { dx: number; dy: number } | null = null;
    const el = boxEl;
    el.addEventListener("pointerdown", (e) => {
      el.setPointerCapture(e.pointerId);
      const rect = el.getBoundingClientRect();
      drag = { dx: e.clientX - rect.left, dy: e.clientY - rect.top };
    });
    el.addEventListener("pointermove", (e) => {
      if (!drag) return;
      const rect = el.parentElement!.getBoundingClientRect();
      box = {
        ...box,
        x: Math.max(0, Math.min(shown.w - box.size, e.clientX - rect.left - drag.dx)),
        y: Math.max(0, Math.min(shown.h - box.size, e.clientY - rect.top - drag.dy)),
      };
      placeBox();
    });
    el.addEventListener("pointerup", () => {
      if (drag) rescaleSoon();
      drag = null;
    });
    slider.addEventListener("input", () => {
      const size = Number(slider!.value);
      box = { size, x: Math.min(box.x, shown.w - size), y: Math.min(box.y, shown.h - size) };
      placeBox();
      rescaleSoon();
    });
  }
  input.addEventListener("change", async () => {
    showError(undefined);
    const file = input.files?.[0];
    if (!file) return clear(false);
    // Our own scaled file put back into the input needs no second look.
    if (scaled && file === scaled.file) return;
    const id = ++choice;
    const problem = await photoProblem(file, PHOTO_RULE);
    if (id !== choice) return;
    if (problem) {
      clear();
      return showError(problem);
    }
    clear(false);
    original = file;
    showCrop(file);
  });
  if (input.form) holdSubmit(input.form, () => scaler.ready());
}
