import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * A load balancer in front of the cluster's web instances, as a deployment has one (docs/
 * operations.md puts nginx there): Debian's nginx, round robin, each request to the next instance.
 * Without it a bench's payers came back from the provider to APP_URL, the first instance, which
 * then served every gateway return and result page besides its share (59 % of a core against the
 * second's 17 % at concurrency 8). The payment simulators stay on the first instance (their state
 * is in its process): only APP_URL and the pages go through the balancer.
 */
export interface Balancer {
  url: string;
  stop(): Promise<void>;
}

export async function startBalancer(port: number, backends: readonly string[]): Promise<Balancer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tims-balancer-"));
  const conf = path.join(dir, "nginx.conf");
  fs.writeFileSync(
    conf,
    `daemon off;
master_process off;
worker_processes 1;
error_log ${dir}/error.log warn;
pid ${dir}/nginx.pid;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 20m;
  upstream tims { ${backends.map((b) => `server ${new URL(b).host};`).join(" ")} keepalive 64; }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://tims;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_buffering off;
    }
  }
}
`,
  );
  const child: ChildProcess = spawn("nginx", ["-c", conf, "-p", dir], { stdio: ["ignore", "ignore", "pipe"] });
  let errors = "";
  child.stderr?.on("data", (d) => (errors += d));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${errors}`);
    if ((await fetch(`${url}/login`).catch(() => null))?.status === 200) break;
    if (i > 100) throw new Error(`the balancer did not answer on ${url}: ${errors}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        const gone = new Promise((r) => child.once("exit", r));
        child.kill("SIGQUIT");
        await Promise.race([gone, new Promise((r) => setTimeout(r, 5000))]);
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
