import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** RCPT TO addresses of the SMTP envelope. */
  to: string[];
  parsed: ParsedMail;
  /** A header as the message carried it (lower-case name). */
  header(name: string): string;
}

/**
 * A real SMTP server on 127.0.0.1 (no TLS, no auth) that keeps what it receives, parsed with
 * mailparser. `refuseNext(n, code)` answers the next n messages with an SMTP error.
 */
export async function startSmtpPeer(port = 0) {
  const received: ReceivedMail[] = [];
  let refusals: Array<number> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const code = refusals.shift();
        if (code) {
          const err = Object.assign(new Error(code >= 500 ? 'Mailbox unavailable' : 'Try again later'), {
            responseCode: code,
          });
          callback(err);
          return;
        }
        const raw = Buffer.concat(chunks);
        const to = session.envelope.rcptTo.map((r) => r.address);
        simpleParser(raw).then(
          (parsed) => {
            received.push({
              to,
              parsed,
              header: (name) => {
                const line = parsed.headerLines.find((h) => h.key === name.toLowerCase());
                return line
                  ? line.line
                      .slice(line.line.indexOf(':') + 1)
                      .replace(/\r?\n\s+/g, ' ')
                      .trim()
                  : '';
              },
            });
            callback();
          },
          (err: Error) => callback(err),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  const actualPort = (server.server.address() as AddressInfo).port;
  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    received,
    refuseNext(n: number, code = 451) {
      refusals = Array.from({ length: n }, () => code);
    },
    clear() {
      received.length = 0;
      refusals = [];
    },
    /** Waits until at least n messages have arrived (polling; fails after timeoutMs). */
    async waitFor(n: number, timeoutMs = 10_000): Promise<ReceivedMail[]> {
      const end = Date.now() + timeoutMs;
      while (received.length < n) {
        if (Date.now() > end) throw new Error(`expected ${n} e-mails, got ${received.length}`);
        await new Promise((r) => setTimeout(r, 25));
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmtpPeer = Awaited<ReturnType<typeof startSmtpPeer>>;
