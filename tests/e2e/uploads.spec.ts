import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import sharp from "sharp";
import { expect, test } from "@playwright/test";
import { makeUser } from "./support/data";
import { requestAs, sessionCookie } from "./support/auth-cookie";
import { GPS_MARK, bombPng, gpsJpeg, hasMetadata } from "../factories/images";

// Issue 13, items 5 and 6, replayed against the running production build: a chunked upload
// past the limit, and hostile images.

const MB = 1024 * 1024;

/** Resident memory (MB) of the app server listening on the test's port. */
function serverRssMb(port: string): number {
  const line = execFileSync("ss", ["-ltnpH", `sport = :${port}`], { encoding: "utf8" });
  const pid = /pid=(\d+)/.exec(line)?.[1];
  if (!pid) throw new Error(`No server found on port ${port}: ${line}`);
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

interface ChunkedAnswer {
  status: number;
  body: string;
  /** How much of the body had been handed to the socket when the answer came. */
  sentMb: number;
}

/**
 * POSTs `head`, then `totalMb` of filler, with Transfer-Encoding: chunked (no Content-Length,
 * so nothing tells the server the size in advance), and resolves with the first answer.
 */
function chunkedPost(baseURL: string, path: string, opts: { contentType: string; head?: string; totalMb: number; cookie?: string }): Promise<ChunkedAnswer> {
  const url = new URL(path, baseURL);
  return new Promise((resolve, reject) => {
    const filler = Buffer.alloc(64 * 1024, 0x61);
    let sent = 0;
    let answered = false;
    const req = http.request(url, {
      method: "POST",
      headers: { "Content-Type": opts.contentType, "Transfer-Encoding": "chunked", Origin: url.origin, ...(opts.cookie ? { Cookie: opts.cookie } : {}) },
    });
    req.on("response", (res) => {
      answered = true;
      const sentMb = sent / MB;
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (body += d));
      res.on("end", () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body, sentMb });
      });
    });
    // Once the server has answered it may close the connection under the rest of the upload.
    req.on("error", (error) => (answered ? undefined : reject(error)));
    if (opts.head) {
      req.write(opts.head);
      sent += Buffer.byteLength(opts.head);
    }
    const pump = () => {
      while (!answered && sent < opts.totalMb * MB) {
        sent += filler.length;
        if (!req.write(filler)) return void req.once("drain", pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

test.describe("chunked uploads past the limit", () => {
  test("a 40 MB chunked trekker photo is answered 413 with the limit, before it is all sent, and the server does not grow by it", async ({ baseURL }) => {
    const fit = await makeUser({ userType: 1 });
    const { name, value } = await sessionCookie(fit.email);
    const port = new URL(baseURL!).port;
    const boundary = "----tims-chunked";
    const head = [
      `--${boundary}\r\nContent-Disposition: form-data; name="fullName"\r\n\r\nPema Lama\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ].join("");
    const before = serverRssMb(port);
    const answer = await chunkedPost(baseURL!, "/new-register?index", {
      contentType: `multipart/form-data; boundary=${boundary}`,
      head,
      totalMb: 40,
      cookie: `${name}=${value}`,
    });
    const grew = serverRssMb(port) - before;
    expect(answer.status).toBe(413);
    expect(answer.body).toContain("Max File Size 3MB.");
    expect(answer.sentMb).toBeLessThan(40);
    // Buffering the body whole grew the server by more than its 40 MB.
    expect(grew).toBeLessThan(20);
  });

  test("a 40 MB chunked sign-in form is answered 413 with words, not buffered", async ({ baseURL }) => {
    const port = new URL(baseURL!).port;
    const before = serverRssMb(port);
    const answer = await chunkedPost(baseURL!, "/login", { contentType: "application/x-www-form-urlencoded", head: "email=a%40b.c&password=", totalMb: 40 });
    const grew = serverRssMb(port) - before;
    expect(answer.status).toBe(413);
    expect(answer.body).toContain("The form is too large. It must stay under 1MB.");
    expect(answer.sentMb).toBeLessThan(40);
    expect(grew).toBeLessThan(20);
  });
});

test.describe("hostile images", () => {
  test("the 76 KB 8000x8000 PNG is refused as a profile photo at once, with the reason", async ({ baseURL }) => {
    const user = await makeUser({ userType: 1 });
    const api = await requestAs(baseURL!, user.email);
    const bomb = await bombPng();
    const port = new URL(baseURL!).port;
    const before = serverRssMb(port);
    const started = Date.now();
    const res = await api.post("/account-settings/photo", {
      multipart: { photo: { name: "me.png", mimeType: "image/png", buffer: bomb } },
      headers: { Origin: new URL(baseURL!).origin },
    });
    const ms = Date.now() - started;
    expect(res.status()).toBe(400);
    expect(await res.text()).toContain("The image is too large: it may have at most 40 megapixels");
    expect(ms).toBeLessThan(1500);
    expect(serverRssMb(port) - before).toBeLessThan(40);
    await api.dispose();
  });

  test("a phone photo with its GPS position is stored and served without EXIF", async ({ baseURL }) => {
    const user = await makeUser({ userType: 1 });
    const api = await requestAs(baseURL!, user.email);
    const photo = await gpsJpeg({ width: 800, height: 600 });
    expect(await hasMetadata(photo)).toBe(true);
    const res = await api.post("/account-settings/photo", {
      multipart: { photo: { name: "IMG_0042.jpg", mimeType: "image/jpeg", buffer: photo } },
      headers: { Origin: new URL(baseURL!).origin },
      maxRedirects: 0,
    });
    expect([302, 303]).toContain(res.status());
    const served = await api.get(`/profile-photo/${user.id}`);
    expect(served.status()).toBe(200);
    const bytes = await served.body();
    expect(await hasMetadata(bytes)).toBe(false);
    expect(bytes.includes(Buffer.from(GPS_MARK.camera))).toBe(false);
    // Upright: orientation 6 was applied to the pixels before the tag went.
    const meta = await sharp(bytes).metadata();
    expect([meta.width, meta.height]).toEqual([600, 800]);
    await api.dispose();
  });
});
