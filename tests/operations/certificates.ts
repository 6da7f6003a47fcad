import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/**
 * A test's own certificate authority in `dir` (`<name>.pem`, `<name>-key.pem`), made with openssl
 * as an operator would; valid for two days.
 */
export function makeAuthority(dir: string, name: string): void {
  execFileSync(
    "openssl",
    ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", `/CN=${name}`, "-keyout", `${name}-key.pem`, "-out", `${name}.pem`],
    {
      cwd: dir,
      stdio: "pipe",
    },
  );
}

/** A server certificate the authority `ca` signs for `altNames` (e.g. "IP:127.0.0.1"), as `cert` and `key` in `dir`. */
export function signServerCertificate(dir: string, opts: { ca: string; commonName: string; altNames: string; cert: string; key: string }): void {
  const openssl = (...args: string[]) => execFileSync("openssl", args, { cwd: dir, stdio: "pipe" });
  openssl("req", "-newkey", "rsa:2048", "-nodes", "-subj", `/CN=${opts.commonName}`, "-keyout", opts.key, "-out", "server.csr");
  fs.writeFileSync(path.join(dir, "san.ext"), `subjectAltName=${opts.altNames}\n`);
  openssl(
    "x509",
    "-req",
    "-in",
    "server.csr",
    "-CA",
    `${opts.ca}.pem`,
    "-CAkey",
    `${opts.ca}-key.pem`,
    "-CAcreateserial",
    "-days",
    "2",
    "-extfile",
    "san.ext",
    "-out",
    opts.cert,
  );
}
