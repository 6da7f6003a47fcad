// The deployment's own files as shipped (deploy/): the systemd units pass systemd's checker, and
// nginx serves tims.conf's HTTPS server block (with tims-proxy.conf) as written, only the ports,
// certificate paths and cache folder swapped for a test's. scripts/deploy-local.mjs, used by the
// deployment browser test, runs the plain-HTTP block only.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import tls from "node:tls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../setup/ports";
import { makeAuthority, signServerCertificate } from "./certificates";

const DEPLOY = path.resolve(__dirname, "../../deploy");
const UNITS = ["tims-web@.service", "tims-worker.service", "tims-backup.service", "tims-backup.timer"];

function verify(file: string): { code: number; output: string } {
  try {
    const output = execFileSync("systemd-analyze", ["verify", file], { encoding: "utf8", stdio: "pipe" });
    return { code: 0, output };
  } catch (error) {
    const e = error as { status: number; stdout?: string; stderr?: string };
    return { code: e.status, output: `${e.stdout ?? ""}${e.stderr ?? ""}` };
  }
}

describe("the systemd units", () => {
  it.each(UNITS)("%s passes systemd-analyze verify without a warning", (unit) => {
    const { code, output } = verify(path.join(DEPLOY, unit));
    expect(output.trim()).toBe("");
    expect(code).toBe(0);
  });

  it("the checker finds a mistyped key and a command that is not a path (the check can fail)", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tims-units-"));
    const broken = fs
      .readFileSync(path.join(DEPLOY, "tims-worker.service"), "utf8")
      .replace("Restart=", "Restrat=")
      .replace(/^ExecStart=/m, "ExecStart=node-not-a-path ");
    fs.writeFileSync(path.join(dir, "tims-worker.service"), broken);
    const { code, output } = verify(path.join(dir, "tims-worker.service"));
    expect(output).toContain("Unknown key 'Restrat'");
    expect(code).not.toBe(0);
  });
});

describe("nginx's HTTPS server block (deploy/nginx/tims.conf)", () => {
  let dir = "";
  let nginx: ChildProcess | null = null;
  let upstream: http.Server | null = null;
  let httpPort = 0;
  let httpsPort = 0;
  const seen: Array<{ path: string; proto?: string; forwardedFor?: string }> = [];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "tims-nginx-tls-"));
    makeAuthority(dir, "ca");
    signServerCertificate(dir, { ca: "ca", commonName: "tims.example.org", altNames: "DNS:tims.example.org", cert: "fullchain.pem", key: "privkey.pem" });

    // The two "instances" of the upstream: one small server on both ports, answering what it was sent.
    const appPorts = [await freePort(), await freePort()];
    upstream = http.createServer((req, res) => {
      seen.push({ path: req.url ?? "", proto: req.headers["x-forwarded-proto"] as string, forwardedFor: req.headers["x-forwarded-for"] as string });
      res.setHeader("Content-Type", "text/plain");
      res.end(`app ${req.url}`);
    });
    await new Promise<void>((r) => upstream!.listen(appPorts[0], "127.0.0.1", () => r()));
    httpPort = await freePort();
    httpsPort = await freePort();
    for (const d of ["snippets", "temp", "cache"]) fs.mkdirSync(path.join(dir, d));
    if (process.getuid?.() === 0) for (const d of ["temp", "cache"]) fs.chownSync(path.join(dir, d), 65534, 65534);
    fs.copyFileSync(path.join(DEPLOY, "nginx/tims-proxy.conf"), path.join(dir, "snippets/tims-proxy.conf"));
    const site = fs
      .readFileSync(path.join(DEPLOY, "nginx/tims.conf"), "utf8")
      .replace("127.0.0.1:3001", `127.0.0.1:${appPorts[0]}`)
      .replace("127.0.0.1:3002", `127.0.0.1:${appPorts[1]}`)
      .replace("/var/cache/nginx/tims", path.join(dir, "cache"))
      .replace("listen 80;", `listen 127.0.0.1:${httpPort};`)
      .replace("listen [::]:80;", "")
      .replace("listen 443 ssl http2;", `listen 127.0.0.1:${httpsPort} ssl http2;`)
      .replace("listen [::]:443 ssl http2;", "")
      .replace("/etc/ssl/tims/fullchain.pem", path.join(dir, "fullchain.pem"))
      .replace("/etc/ssl/tims/privkey.pem", path.join(dir, "privkey.pem"));
    // Every line that names this machine's ports or files was replaced: the rest is the file as shipped.
    // (\b: a free port such as 44323 holds ":443" and is not a leftover.)
    expect(site).not.toMatch(/:443\b|listen 80\b|\/etc\/ssl/);
    fs.writeFileSync(path.join(dir, "tims.conf"), site);
    const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((n) => `${n}_temp_path ${dir}/temp/${n};`).join("\n  ");
    fs.writeFileSync(
      path.join(dir, "nginx.conf"),
      `worker_processes 1;\npid ${dir}/nginx.pid;\nerror_log ${dir}/error.log warn;\nevents { worker_connections 64; }\n` +
        `http {\n  include /etc/nginx/mime.types;\n  access_log off;\n  ${temp}\n  include ${dir}/tims.conf;\n}\n`,
    );
    nginx = spawn("nginx", ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-g", "daemon off;"], { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    nginx.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
    const until = Date.now() + 20_000;
    for (;;) {
      const open = await new Promise<boolean>((resolve) => {
        const s = net.connect(httpsPort, "127.0.0.1", () => (s.end(), resolve(true)));
        s.on("error", () => resolve(false));
      });
      if (open) break;
      if (nginx.exitCode !== null || Date.now() > until) throw new Error(`nginx did not start: ${stderr}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 60_000);

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const stopped = new Promise((r) => nginx!.once("exit", r));
      nginx.kill("SIGQUIT");
      await stopped;
    }
    await new Promise((r) => (upstream ? upstream.close(() => r(null)) : r(null)));
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  function httpsGet(urlPath: string, options: https.RequestOptions = {}): Promise<{ status: number; body: string; protocol: string | null }> {
    return new Promise((resolve, reject) => {
      const req = https.get(
        {
          host: "127.0.0.1",
          port: httpsPort,
          path: urlPath,
          servername: "tims.example.org",
          headers: { Host: "tims.example.org" },
          ca: fs.readFileSync(path.join(dir, "ca.pem")),
          ...options,
        },
        (res) => {
          const protocol = (res.socket as tls.TLSSocket).getProtocol() ?? null;
          let body = "";
          res.on("data", (d: Buffer) => (body += d.toString()));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body, protocol }));
        },
      );
      req.on("error", reject);
    });
  }

  it("serves the app over TLS 1.2+ with the certificate, telling the app the request was HTTPS", async () => {
    const answer = await httpsGet("/login");
    expect(answer.status).toBe(200);
    expect(answer.body).toBe("app /login");
    expect(answer.protocol).toMatch(/^TLSv1\.[23]$/);
    expect(seen.at(-1)).toMatchObject({ path: "/login", proto: "https", forwardedFor: "127.0.0.1" });
  });

  it("refuses TLS 1.1 and an unknown certificate authority is refused by the client", async () => {
    await expect(httpsGet("/login", { minVersion: "TLSv1.1", maxVersion: "TLSv1.1", ciphers: "DEFAULT@SECLEVEL=0" })).rejects.toThrow();
    await expect(httpsGet("/login", { ca: undefined })).rejects.toThrow(/self[- ]signed|unable to verify|certificate/i);
  });

  it("plain HTTP sends the browser to HTTPS with the same path", async () => {
    const answer = await new Promise<{ status: number; location?: string }>((resolve, reject) => {
      http
        .get({ host: "127.0.0.1", port: httpPort, path: "/tims-cards?page=2", headers: { Host: "tims.example.org" } }, (res) => {
          res.resume();
          resolve({ status: res.statusCode ?? 0, location: res.headers.location });
        })
        .on("error", reject);
    });
    expect(answer).toEqual({ status: 301, location: "https://tims.example.org/tims-cards?page=2" });
  });

  it("/metrics is not served through the proxy", async () => {
    expect((await httpsGet("/metrics")).status).toBe(404);
  });
});
