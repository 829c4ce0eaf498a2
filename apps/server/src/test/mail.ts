/** Test helpers for e-mail: a real SMTP server on a free port, and the .eml files of the fallback. */
import { readdir, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { App } from '../app.js';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  replyTo: string;
}

function summarise(parsed: ParsedMail, envelopeTo: string[]): ReceivedMail {
  return {
    from: parsed.from?.text ?? '',
    to: envelopeTo,
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : '',
    replyTo: parsed.replyTo?.text ?? '',
  };
}

export interface TestSmtpServer {
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

/** A real SMTP server (the smtp-server package) on 127.0.0.1 and a free port, keeping what arrives. */
export async function startSmtpServer(options: { delayMs?: number } = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (parsed) => {
          // A slow server: the message is accepted only after the delay.
          if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
          received.push(
            summarise(
              parsed,
              session.envelope.rcptTo.map((rcpt) => rcpt.address),
            ),
          );
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Every message the app has written to its mail folder so far (after the queue drained), oldest first. */
export async function readMailFolder(app: App): Promise<ReceivedMail[]> {
  await app.mail.idle();
  const dir = app.config.mailDir;
  const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.eml')).sort();
  const parsed = await Promise.all(names.map(async (name) => simpleParser(await readFile(path.join(dir, name)))));
  return parsed.map((mail) => {
    const to = mail.to ? [mail.to].flat().flatMap((address) => address.value.map((entry) => entry.address ?? '')) : [];
    return summarise(mail, to);
  });
}

/** The messages of the mail folder sent to one address. */
export async function mailTo(app: App, address: string): Promise<ReceivedMail[]> {
  return (await readMailFolder(app)).filter((mail) => mail.to.includes(address));
}
