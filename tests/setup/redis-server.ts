// A real redis-server of a test's own, on a free port, that the test can stop and start again
// (never the machine's shared Redis on 6379). Nothing is saved: a restart comes back empty, as a
// Redis that lost its memory does.
import { spawn, type ChildProcess } from "node:child_process";
import { freePort } from "./ports";

export interface OwnRedis {
  port: number;
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = () =>
    new Promise<void>((resolve, reject) => {
      const proc = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
        stdio: ["ignore", "pipe", "pipe"],
      });
      child = proc;
      let out = "";
      const timer = setTimeout(() => reject(new Error(`redis-server on ${port} did not start: ${out}`)), 10_000);
      proc.stdout!.on("data", (chunk) => {
        out += String(chunk);
        if (out.includes("Ready to accept connections")) {
          clearTimeout(timer);
          resolve();
        }
      });
      proc.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server on ${port} exited (${code}): ${out}`));
      });
    });
  const stop = async () => {
    const proc = child;
    child = null;
    if (!proc || proc.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      proc.once("exit", () => resolve());
      proc.kill("SIGKILL");
    });
  };
  await start();
  return { port, url: `redis://127.0.0.1:${port}`, stop, start };
}
