import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { databaseTls, databaseTlsProblems } from "./database-tls.server";

const URL = "mysql://tims@db.internal:3306/tims";

describe("the database's TLS settings", () => {
  it("none set: plain TCP, no problem", () => {
    expect(databaseTls({ DATABASE_URL: URL })).toBeUndefined();
    expect(databaseTlsProblems({ DATABASE_URL: URL })).toEqual([]);
  });

  it("DATABASE_SSL=require verifies against the system's authorities", () => {
    expect(databaseTls({ DATABASE_URL: URL, DATABASE_SSL: "require" })).toEqual({ rejectUnauthorized: true, minVersion: "TLSv1.2" });
  });

  it("DATABASE_SSL_CA verifies against that authority", () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "tims-ca-")), "ca.pem");
    fs.writeFileSync(file, "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n");
    expect(databaseTls({ DATABASE_URL: URL, DATABASE_SSL_CA: file })).toMatchObject({
      ca: expect.stringContaining("BEGIN CERTIFICATE"),
      rejectUnauthorized: true,
    });
  });

  it("names the variable of each wrong setting", () => {
    const notPem = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "tims-ca-")), "ca.txt");
    fs.writeFileSync(notPem, "hello");
    expect(databaseTlsProblems({ DATABASE_URL: URL, DATABASE_SSL: "yes" })).toEqual(['DATABASE_SSL must be "require" or unset, got "yes"']);
    expect(databaseTlsProblems({ DATABASE_URL: URL, DATABASE_SSL_CA: "/nowhere/ca.pem" })).toEqual(["DATABASE_SSL_CA: cannot read /nowhere/ca.pem (ENOENT)"]);
    expect(databaseTlsProblems({ DATABASE_URL: URL, DATABASE_SSL_CA: notPem })).toEqual([`DATABASE_SSL_CA: ${notPem} holds no PEM certificate`]);
    expect(databaseTlsProblems({ DATABASE_SSL: "require" })).toEqual(["DATABASE_SSL_CA and DATABASE_SSL apply to DATABASE_URL, which is not set"]);
    expect(() => databaseTls({ DATABASE_URL: URL, DATABASE_SSL_CA: "/nowhere/ca.pem" })).toThrow("DATABASE_SSL_CA: cannot read");
  });
});
