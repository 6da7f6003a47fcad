import { useEffect, useRef, useState, type PointerEvent } from "react";
import { FileField } from "~/components/field";

/**
 * The trekker photo. Without JS the server crops the centre square; with JS the user drags a
 * square crop box (default 200x200 on screen) and its position, in image pixels, is posted.
 */
export function PhotoInput({ name = "photo", required, errors, currentSrc }: { name?: string; required: boolean; errors?: string[]; currentSrc?: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const [box, setBox] = useState({ x: 0, y: 0, size: 200 });
  const [natural, setNatural] = useState({ w: 0, h: 0, scale: 1 });
  const drag = useRef<{ dx: number; dy: number } | null>(null);
  useEffect(() => () => void (src && URL.revokeObjectURL(src)), [src]);

  const onLoad = (img: HTMLImageElement) => {
    const scale = img.naturalWidth / img.clientWidth;
    const size = Math.min(200, img.clientWidth, img.clientHeight);
    setNatural({ w: img.clientWidth, h: img.clientHeight, scale });
    setBox({ x: (img.clientWidth - size) / 2, y: (img.clientHeight - size) / 2, size });
  };
  const move = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    const rect = e.currentTarget.parentElement!.getBoundingClientRect();
    const x = Math.max(0, Math.min(natural.w - box.size, e.clientX - rect.left - drag.current.dx));
    const y = Math.max(0, Math.min(natural.h - box.size, e.clientY - rect.top - drag.current.dy));
    setBox((b) => ({ ...b, x, y }));
  };

  return (
    <div className="space-y-2">
      <FileField
        label="Photo"
        name={name}
        accept="image/jpeg,image/png"
        required={required}
        errors={errors}
        hint="A 2x2 inch passport-style photo, jpg or png, 1 KB to 3 MB. It is cropped square."
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          setSrc(file ? URL.createObjectURL(file) : null);
        }}
      />
      {src ? (
        <div className="space-y-2">
          <div className="relative inline-block max-w-full touch-none select-none">
            <img src={src} alt="Photo to crop" className="block max-h-72 max-w-full" onLoad={(e) => onLoad(e.currentTarget)} />
            <div
              role="presentation"
              className="absolute cursor-move border-2 border-white shadow-[0_0_0_9999px_rgba(0,0,0,0.45)]"
              style={{ left: box.x, top: box.y, width: box.size, height: box.size }}
              onPointerDown={(e) => {
                e.currentTarget.setPointerCapture(e.pointerId);
                const rect = e.currentTarget.getBoundingClientRect();
                drag.current = { dx: e.clientX - rect.left, dy: e.clientY - rect.top };
              }}
              onPointerMove={move}
              onPointerUp={() => (drag.current = null)}
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
                setBox((b) => ({ size, x: Math.min(b.x, natural.w - size), y: Math.min(b.y, natural.h - size) }));
              }}
              className="ml-2 align-middle"
            />
          </label>
          <input type="hidden" name="cropX" value={Math.round(box.x * natural.scale)} />
          <input type="hidden" name="cropY" value={Math.round(box.y * natural.scale)} />
          <input type="hidden" name="cropSize" value={Math.round(box.size * natural.scale)} />
        </div>
      ) : currentSrc ? (
        <img src={currentSrc} alt="Current photo" className="h-24 w-24 rounded object-cover" />
      ) : null}
    </div>
  );
}
