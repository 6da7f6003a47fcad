import { describe, expect, it } from "vitest";
import { uploadPercent } from "@lib/ui/upload-progress";
import { hasNonEmptyFile, parseResponseHeaders } from "@lib/ui/upload-fetch";

describe("uploadPercent", () => {
  it("is a whole percent from 0 to 100, 0 while the size is unknown", () => {
    expect(uploadPercent({ loaded: 0, total: 0 })).toBe(0);
    expect(uploadPercent({ loaded: 512, total: 1024 })).toBe(50);
    expect(uploadPercent({ loaded: 1023, total: 1024 })).toBe(99);
    expect(uploadPercent({ loaded: 2048, total: 1024 })).toBe(100);
  });
});

describe("hasNonEmptyFile", () => {
  it("is true only for a FormData holding a file with bytes", () => {
    const withFile = new FormData();
    withFile.set("name", "x");
    withFile.set("photo", new File([new Uint8Array(10)], "a.jpg"));
    const emptyInput = new FormData();
    emptyInput.set("photo", new File([], ""));
    expect(hasNonEmptyFile(withFile)).toBe(true);
    expect(hasNonEmptyFile(emptyInput)).toBe(false);
    expect(hasNonEmptyFile(new URLSearchParams("a=1"))).toBe(false);
    expect(hasNonEmptyFile("a=1")).toBe(false);
    expect(hasNonEmptyFile(undefined)).toBe(false);
  });
});

describe("parseResponseHeaders", () => {
  it("reads XMLHttpRequest's header block", () => {
    const h = parseResponseHeaders("content-type: text/x-script\r\nx-remix-response: yes\r\nbroken line\r\nvary: a, b\r\n");
    expect(h.get("Content-Type")).toBe("text/x-script");
    expect(h.get("x-remix-response")).toBe("yes");
    expect(h.get("vary")).toBe("a, b");
    expect([...h.keys()]).toHaveLength(3);
  });
});
