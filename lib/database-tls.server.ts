import fs from "node:fs";

/**
 * TLS from the app to MariaDB (docs/operations.md, "The database over TLS"). A deployment whose
 * database is on another host sets DATABASE_SSL_CA to the PEM file of the authority that signed
 * the server's certificate: every connection (the app's pool, the backup tool) is then encrypted
 * and the server's certificate checked against it, host name included, so a machine in the path
 * cannot pose as the database. DATABASE_SSL=require does the same against the system's
 * authorities (a managed database with a public certificate). Neither set: plain TCP, which is
 * what a database on the same host or a private link needs.
 */
export interface DatabaseTls {
  ca?: string;
  rejectUnauthorized: true;
  minVersion: "TLSv1.2";
}

export function databaseTls(env: Record<string, string | undefined> = process.env): DatabaseTls | undefined {
  const problems = databaseTlsProblems(env).filter((p) => !p.includes("which is not set"));
  if (problems.length) throw new Error(problems.join("; "));
  const caPath = env.DATABASE_SSL_CA?.trim();
  if (caPath) return { ca: fs.readFileSync(caPath, "utf8"), rejectUnauthorized: true, minVersion: "TLSv1.2" };
  if (env.DATABASE_SSL?.trim() === "require") return { rejectUnauthorized: true, minVersion: "TLSv1.2" };
  return undefined;
}

/** What is wrong with the TLS settings, one line per problem naming the variable (checked at start). */
export function databaseTlsProblems(env: Record<string, string | undefined> = process.env): string[] {
  const problems: string[] = [];
  const ssl = env.DATABASE_SSL?.trim();
  if (ssl && ssl !== "require") problems.push(`DATABASE_SSL must be "require" or unset, got "${ssl}"`);
  const caPath = env.DATABASE_SSL_CA?.trim();
  if (caPath) {
    let text = "";
    try {
      text = fs.readFileSync(caPath, "utf8");
    } catch (error) {
      problems.push(`DATABASE_SSL_CA: cannot read ${caPath} (${(error as NodeJS.ErrnoException).code ?? "error"})`);
    }
    if (text && !text.includes("-----BEGIN CERTIFICATE-----")) problems.push(`DATABASE_SSL_CA: ${caPath} holds no PEM certificate`);
  }
  if ((caPath || ssl) && !env.DATABASE_URL?.trim()) problems.push("DATABASE_SSL_CA and DATABASE_SSL apply to DATABASE_URL, which is not set");
  return problems;
}
