import { useCallback, useEffect, useRef, useState, type PointerEvent } from "react";
import { FileField } from "@lib/ui/file-field";
import { useHydrated } from "@lib/ui/use-hydrated";
import { PHOTO_RULE } from "@lib/files/upload-rules";
import { photoProblem, PhotoScaler } from "@lib/files/image-scale";

const UNREADABLE = "The photo could not be read. Please upload a jpg or png image.";

interface Scaled {
  file: File;
  url: string;
}

/**
 * The trekker photo. Without JS the server crops the centre square of the original (3 MB limit).
 * With JS the type is checked from the file's first bytes at once, the user drags a square crop
 * box, and the cropped square is scaled in the browser to at most 600x600 JPEG and put into the
 * file input in place of the original: a 6 MB phone photo uploads as ~100 KB and the original's
 * size no longer matters. The scaled file is kept and put back if the input loses it (a server
 * error re-renders the form), so the user never has to choose it again.
 */
export function PhotoInput({ name = "photo", required, errors, currentSrc }: { name?: string; required: boolean; errors?: string[]; currentSrc?: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const [box, setBox] = useState({ x: 0, y: 0, size: 200 });
  const [natural, setNatural] = useState({ w: 0, h: 0, scale: 1 });
  const [scaled, setScaled] = useState<Scaled | null>(null);
  const [clientError, setClientError] = useState<string | null>(null);
  const drag = useRef<{ dx: number; dy: number } | null>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  const img = useRef<HTMLImageElement>(null);
  const original = useRef<File | null>(null);
  const input = () => wrapper.current?.querySelector<HTMLInputElement>("input[type=file]") ?? null;

  useEffect(() => () => void (src && URL.revokeObjectURL(src)), [src]);
  useEffect(() => () => void (scaled && URL.revokeObjectURL(scaled.url)), [scaled]);

  const attach = useCallback((file: File) => {
    const el = input();
    if (!el) return;
    const dt = new DataTransfer();
    dt.items.add(file);
    el.files = dt.files;
  }, []);

  const scaler = useRef<PhotoScaler | null>(null);
  scaler.current ??= new PhotoScaler(({ file, scaled: ok }) => {
    attach(file);
    if (ok) return setScaled({ file, url: URL.createObjectURL(file) });
    // The browser could not encode: the original goes up and the server crops it.
    setScaled(null);
    setClientError(file.size > PHOTO_RULE.maxBytes ? PHOTO_RULE.messages.tooLarge : null);
  });

  // A server error re-renders the form; if the input came back empty, the kept file goes back in.
  useEffect(() => {
    const el = input();
    if (scaled && el && el.files?.length === 0) attach(scaled.file);
  });

  // The server refused the photo itself: keeping it would only send it again.
  const serverError = errors?.find((e) => e.trim() !== "");
  useEffect(() => {
    if (serverError) clear();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [serverError]);

  function clear(resetInput = true) {
    scaler.current?.reset();
    original.current = null;
    setSrc(null);
    setScaled(null);
    const el = input();
    if (resetInput && el) el.value = "";
  }

  // Dragging and the size slider scale again once the user pauses; the upload is stale at once.
  const rescaleSoon = (crop: typeof box) => {
    if (img.current && original.current) scaler.current?.scaleSoon(img.current, original.current, crop, natural.scale);
  };

  // A submit while the crop is being scaled waits for it, then goes again with the same button.
  useEffect(() => {
    const form = wrapper.current?.closest("form");
    if (!form) return;
    const onSubmit = (e: SubmitEvent) => {
      if (!scaler.current?.busy) return;
      e.preventDefault();
      e.stopImmediatePropagation();
      const submitter = e.submitter instanceof HTMLButtonElement || e.submitter instanceof HTMLInputElement ? e.submitter : null;
      void (async () => {
        await scaler.current?.ready();
        try {
          form.requestSubmit(submitter);
        } catch {
          form.requestSubmit();
        }
      })();
    };
    form.addEventListener("submit", onSubmit);
    return () => form.removeEventListener("submit", onSubmit);
  }, []);

  const onLoad = (image: HTMLImageElement) => {
    const scale = image.naturalWidth / image.clientWidth;
    const size = Math.min(200, image.clientWidth, image.clientHeight);
    const next = { x: (image.clientWidth - size) / 2, y: (image.clientHeight - size) / 2, size };
    setNatural({ w: image.clientWidth, h: image.clientHeight, scale });
    setBox(next);
    if (original.current) scaler.current?.scaleNow(image, original.current, next, scale);
  };
  const move = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    const rect = e.currentTarget.parentElement!.getBoundingClientRect();
    const x = Math.max(0, Math.min(natural.w - box.size, e.clientX - rect.left - drag.current.dx));
    const y = Math.max(0, Math.min(natural.h - box.size, e.clientY - rect.top - drag.current.dy));
    setBox((b) => ({ ...b, x, y }));
  };

  const onChoose = async (file: File | undefined) => {
    setClientError(null);
    if (!file) return clear(false);
    // Our own scaled file put back into the input needs no second look.
    if (scaled && file === scaled.file) return;
    scaler.current?.reset();
    const problem = await photoProblem(file, PHOTO_RULE);
    if (problem) {
      clear();
      return setClientError(problem);
    }
    original.current = file;
    setScaled(null);
    setSrc(URL.createObjectURL(file));
  };

  const hydrated = useHydrated();
  const shownErrors = clientError ? [clientError] : errors;
  return (
    <div className="space-y-2" ref={wrapper}>
      <FileField
        label="Photo"
        name={name}
        accept="image/jpeg,image/png"
        required={required}
        errors={shownErrors}
        hint={
          hydrated
            ? "A 2x2 inch passport-style photo, jpg or png. It is cropped square and made smaller before it is sent."
            : "A 2x2 inch passport-style photo, jpg or png, 1 KB to 3 MB. It is cropped square."
        }
        onChange={(e) => void onChoose(e.currentTarget.files?.[0])}
      />
      {src ? (
        <div className="space-y-2">
          {/* overflow-hidden clips the crop box's shade to the photo: the page is never dimmed. */}
          <div className="relative inline-block max-w-full touch-none select-none overflow-hidden">
            <img
              ref={img}
              src={src}
              alt="Photo to crop"
              className="block max-h-72 max-w-full"
              onLoad={(e) => onLoad(e.currentTarget)}
              onError={() => {
                clear();
                setClientError(UNREADABLE);
              }}
            />
            <div
              role="presentation"
              data-testid="crop-box"
              className="absolute cursor-move border-2 border-white shadow-[0_0_0_9999px_rgba(0,0,0,0.45)]"
              style={{ left: box.x, top: box.y, width: box.size, height: box.size }}
              onPointerDown={(e) => {
                e.currentTarget.setPointerCapture(e.pointerId);
                const rect = e.currentTarget.getBoundingClientRect();
                drag.current = { dx: e.clientX - rect.left, dy: e.clientY - rect.top };
              }}
              onPointerMove={move}
              onPointerUp={() => {
                if (drag.current) rescaleSoon(box);
                drag.current = null;
              }}
            />
          </div>
          <label className="block text-sm text-slate-600">
            Crop size
            <input
              type="range"
              min={50}
              max={Math.max(50, Math.floor(Math.min(natural.w, natural.h)))}
              value={Math.floor(box.size)}
              onChange={(e) => {
                const size = Number(e.currentTarget.value);
                const next = { size, x: Math.min(box.x, natural.w - size), y: Math.min(box.y, natural.h - size) };
                setBox(next);
                rescaleSoon(next);
              }}
              className="ml-2 align-middle"
            />
          </label>
          {/* Posted only when the original goes up (the browser could not scale): the server crops it. */}
          {!scaled ? (
            <>
              <input type="hidden" name="cropX" value={Math.round(box.x * natural.scale)} />
              <input type="hidden" name="cropY" value={Math.round(box.y * natural.scale)} />
              <input type="hidden" name="cropSize" value={Math.round(box.size * natural.scale)} />
            </>
          ) : null}
        </div>
      ) : currentSrc ? (
        <img src={currentSrc} alt="Current photo" className="h-24 w-24 rounded object-cover" />
      ) : null}
      {scaled ? (
        <div className="flex items-center gap-3 text-sm text-slate-700" data-testid="photo-to-upload">
          <img src={scaled.url} alt="Photo to upload" className="h-16 w-16 rounded border border-slate-200 object-cover" />
          <span>
            {scaled.file.name} · {Math.max(1, Math.round(scaled.file.size / 1024))} KB, ready to upload
          </span>
        </div>
      ) : null}
    </div>
  );
}

/** After a plain post came back refused: a file input cannot be pre-filled (the page script keeps it instead). */
export function ChoosePhotoAgain({ shown }: { shown: boolean }) {
  return shown ? <p className="text-sm text-amber-700">Please choose the photo again before you submit.</p> : null;
}
