import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { DumpCounter } from "./mariadb.server";
import { END_OF_ARCHIVE, fileHeader, padding, readTar } from "./tar.server";

// The archive's container and the dump's row counter, without a database.

const tarOf = (members: [string, Buffer][]) =>
  Buffer.concat([...members.flatMap(([name, body]) => [fileHeader(name, body.length), body, padding(body.length)]), END_OF_ARCHIVE]);

async function read(bytes: Buffer, chunk = 700) {
  const chunks = Array.from({ length: Math.ceil(bytes.length / chunk) }, (_, i) => bytes.subarray(i * chunk, (i + 1) * chunk));
  const out: [string, string][] = [];
  for await (const m of readTar(Readable.from(chunks))) {
    const parts: Buffer[] = [];
    for await (const c of m.body) parts.push(c);
    out.push([m.path, Buffer.concat(parts).toString()]);
  }
  return out;
}

describe("the tar container", () => {
  it("reads back what it wrote, long paths and odd chunk sizes included", async () => {
    const long = `files/${"a".repeat(90)}/${"b".repeat(60)}/photo.jpg`;
    const members: [string, Buffer][] = [
      ["database/tims.sqlite", Buffer.from("x".repeat(1500))],
      [long, Buffer.from("photo")],
      ["empty", Buffer.alloc(0)],
      ["manifest.json", Buffer.from("{}")],
    ];
    expect(await read(tarOf(members), 333)).toEqual(members.map(([n, b]) => [n, b.toString()]));
  });

  it("skips a member's body its reader leaves unread", async () => {
    const bytes = tarOf([
      ["a", Buffer.from("1".repeat(2000))],
      ["b", Buffer.from("2")],
    ]);
    const names: string[] = [];
    for await (const m of readTar(Readable.from([bytes]))) names.push(m.path);
    expect(names).toEqual(["a", "b"]);
  });

  it("refuses a damaged header and a truncated archive, naming where", async () => {
    const bytes = tarOf([
      ["a", Buffer.from("first")],
      ["b", Buffer.from("second")],
    ]);
    const damaged = Buffer.from(bytes);
    damaged[1024 + 3] ^= 0x20; // a byte of the second member's name
    await expect(read(damaged)).rejects.toThrow("The header after the member a is damaged");
    await expect(read(bytes.subarray(0, 1024 + 512 + 3))).rejects.toThrow("The archive ends inside the member b: it is truncated.");
  });

  it("refuses a path longer than ustar holds", () => {
    expect(() => fileHeader(`files/${"x".repeat(300)}`, 1)).toThrow("too long for the archive");
  });
});

describe("the dump's row counter", () => {
  const count = (dump: string, chunk = 7) => {
    const counter = new DumpCounter();
    for (let i = 0; i < dump.length; i += chunk) counter.push(Buffer.from(dump.slice(i, i + chunk)));
    return counter.end();
  };

  it("counts rows one a line (MariaDB 10.11) and several a line, whatever the values hold", () => {
    const dump = [
      "CREATE TABLE `bills` (",
      "  `id` int NOT NULL",
      ") ENGINE=InnoDB;",
      "CREATE TABLE `empty_one` (`id` int);",
      "CREATE TABLE `schema_migrations` (`name` varchar(255));",
      "INSERT INTO `bills` VALUES",
      "(1,'a (paren',NULL),",
      "(2,'it\\'s; (x)',0x28),",
      "(3,'line\\nbreak','é');",
      "INSERT INTO `bills` VALUES (4,'x'),(5,')');",
      "INSERT INTO `schema_migrations` VALUES ('2026-01-a'),('2026-02-b');",
      "UNLOCK TABLES;",
    ].join("\n");
    for (const chunk of [1, 7, 4096]) {
      expect(count(dump, chunk)).toEqual({ tables: { bills: 5, empty_one: 0, schema_migrations: 2 }, migrations: ["2026-01-a", "2026-02-b"] });
    }
  });
});
