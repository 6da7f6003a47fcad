// A tiny SMTP server for tests: takes every message (or refuses chosen recipients with a 550)
// and keeps what it was sent. Plain SMTP, no TLS and no auth, as nodemailer speaks to it when
// none is offered.
import net from "node:net";

export interface SmtpSink {
  port: number;
  messages: { from: string; to: string[]; data: string }[];
  close(): Promise<void>;
}

export function startSmtpSink(port: number, opts: { refuse?: (recipient: string) => boolean } = {}): Promise<SmtpSink> {
  const messages: SmtpSink["messages"] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => undefined);
    let buffer = "";
    let inData = false;
    let current = { from: "", to: [] as string[], data: "" };
    const say = (line: string) => socket.write(`${line}\r\n`);
    say("220 sink.test ESMTP");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          messages.push(current);
          current = { from: "", to: [], data: "" };
          say("250 2.0.0 queued");
          continue;
        }
        const eol = buffer.indexOf("\r\n");
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO") say("250-sink.test\r\n250 8BITMIME");
        else if (verb === "HELO" || verb === "RSET" || verb === "NOOP") say("250 OK");
        else if (verb === "MAIL") {
          current.from = line.replace(/^MAIL FROM:\s*/i, "");
          say("250 OK");
        } else if (verb === "RCPT") {
          const to = line.replace(/^RCPT TO:\s*<?([^>\s]*)>?.*$/i, "$1");
          if (opts.refuse?.(to)) say("550 5.1.1 No such user here");
          else {
            current.to.push(to);
            say("250 OK");
          }
        } else if (verb === "DATA") {
          inData = true;
          say("354 End data with <CR><LF>.<CR><LF>");
        } else if (verb === "QUIT") {
          say("221 Bye");
          socket.end();
        } else say("502 Command not implemented");
      }
    });
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () =>
      resolve({
        port,
        messages,
        close: () =>
          new Promise<void>((done) => {
            for (const s of sockets) s.destroy();
            server.close(() => done());
          }),
      }),
    );
  });
}
