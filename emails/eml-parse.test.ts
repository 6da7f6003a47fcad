import { describe, expect, it } from "vitest";
import { parseEml, parseEmlHeaders } from "./eml-parse.server";

describe("parseEml", () => {
  it("reads a hand-written multipart message with LF line ends", async () => {
    const raw = [
      "From: TIMS <no-reply@tims.test>",
      "To: =?UTF-8?Q?P=C3=A9mba?= <p@example.com>",
      "Subject: =?UTF-8?B?4KSo4KSu?=",
      " =?UTF-8?B?4KS44KWN4KSk4KWH?= there",
      'Content-Type: multipart/mixed; boundary="outer"',
      "",
      "preamble",
      "--outer",
      "Content-Type: multipart/alternative; boundary=inner",
      "",
      "--inner",
      "Content-Type: text/plain; charset=iso-8859-1",
      "Content-Transfer-Encoding: quoted-printable",
      "",
      "Caf=E9 soft=",
      "break",
      "--inner",
      "Content-Type: text/html; charset=utf-8",
      "Content-Transfer-Encoding: base64",
      "",
      Buffer.from("<p>नमस्ते</p>").toString("base64"),
      "--inner--",
      "--outer",
      "Content-Type: application/octet-stream",
      "Content-Disposition: attachment; filename*0*=utf-8''%E0%A4%A8;",
      " filename*1=.bin",
      "Content-Transfer-Encoding: base64",
      "",
      "AAEC/w==",
      "--outer--",
      "epilogue",
    ].join("\n");
    const mail = await parseEml(raw);
    expect(mail.to).toBe("Pémba <p@example.com>");
    expect(mail.subject).toBe("नमस्ते there");
    expect(mail.text).toBe("Café softbreak");
    expect(mail.html).toBe("<p>नमस्ते</p>");
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0].filename).toBe("न.bin");
    expect([...mail.attachments[0].content]).toEqual([0, 1, 2, 255]);
  });

  it("decodes encoded words, keeping plain text and spaces between plain parts", async () => {
    expect((await parseEmlHeaders("Subject: plain text\r\n\r\nbody")).subject).toBe("plain text");
    const headers = await parseEmlHeaders(
      ["Subject: =?utf-8?q?a_b?= =?utf-8?q?_c?= and =?iso-8859-1?q?d=E9?=", "To: =?utf-8?q?D=C3=A9?= <d@example.com>, plain@example.com", "", "body"].join(
        "\r\n",
      ),
    );
    expect(headers.subject).toBe("a b c and dé");
    expect(headers.to).toBe("Dé <d@example.com>, plain@example.com");
  });

  it("reads the headers of a message cut short (the outbox lists from each file's first 64 KB)", async () => {
    const raw = Buffer.from(
      [
        "Date: Tue, 02 Jan 2024 03:04:05 +0000",
        "To: a@example.com",
        "Subject: Receipt",
        'Content-Type: multipart/mixed; boundary="b"',
        "",
        "--b",
        "Content-Type: application/pdf",
        "Content-Transfer-Encoding: base64",
        "",
        "JVBERi0x",
      ].join("\r\n"),
    );
    const headers = await parseEmlHeaders(raw);
    expect(headers).toMatchObject({ to: "a@example.com", subject: "Receipt", date: "2024-01-02T03:04:05.000Z" });
  });
});
