/**
 * Outgoing e-mail. With SMTP_URL set, messages go through that server (nodemailer); without it,
 * each message is written as an .eml file under DATA_DIR/mail, so a store runs with no mail server.
 *
 * Sending never holds up a request: `send` puts the message on an in-process queue and returns at
 * once; a failure is logged and dropped (mail is a courtesy, never a condition of an order or a
 * sign-up). On close the queue is given a few seconds to drain.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config/index.js';
import type { MailMessage } from './messages.js';

/** Messages waiting beyond this are dropped (and logged) rather than held in memory. */
const MAX_QUEUED = 1000;
const DRAIN_ON_CLOSE_MS = 5000;

/** A message, or work that prepares one (reads the recipient, say) and runs in its turn on the queue. */
export type Outgoing = MailMessage | (() => Promise<MailMessage | null>);

export interface Mailer {
  /** Queues a message; never throws, never waits for the mail server. */
  send(message: Outgoing): void;
  /** Resolves when every queued message has been sent or has failed (tests, shutdown). */
  idle(): Promise<void>;
  /** Where messages go: the SMTP host, or the .eml folder. */
  readonly destination: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: Mailer;
  }
}

interface Logger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export function createMailer(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'mailDir'>, log: Logger): Mailer {
  const smtp = config.SMTP_URL;
  const transport: Transporter = smtp
    ? nodemailer.createTransport(smtp, { from: config.MAIL_FROM })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }, { from: config.MAIL_FROM });
  const destination = smtp ? `smtp://${new URL(smtp).host}` : config.mailDir;
  let counter = 0;
  let queued = 0;
  let tail: Promise<void> = Promise.resolve();

  async function deliver(outgoing: Outgoing): Promise<void> {
    const message = typeof outgoing === 'function' ? await outgoing() : outgoing;
    if (!message) return;
    const info = (await transport.sendMail({
      to: message.to,
      replyTo: message.replyTo,
      subject: message.subject,
      text: message.text,
      html: message.html,
    })) as { message?: Buffer; messageId?: string };
    if (!smtp) {
      await mkdir(config.mailDir, { recursive: true });
      counter += 1;
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(config.mailDir, `${stamp}-${String(counter).padStart(4, '0')}-${message.kind}.eml`);
      await writeFile(file, info.message ?? '', { mode: 0o600 });
      log.info({ mail: message.kind, file }, 'mail written');
    } else {
      log.info({ mail: message.kind, messageId: info.messageId }, 'mail sent');
    }
  }

  return {
    destination,
    send(message) {
      const kind = typeof message === 'function' ? 'prepared' : message.kind;
      if (queued >= MAX_QUEUED) {
        log.error({ mail: kind }, 'mail queue full: message dropped');
        return;
      }
      queued += 1;
      tail = tail
        .then(() => deliver(message))
        .catch((error: unknown) => log.error({ err: error, mail: kind }, 'mail could not be sent'))
        .finally(() => {
          queued -= 1;
        });
    },
    idle: () => tail,
  };
}

export default fp(
  async (app) => {
    const mailer = createMailer(app.config, app.log);
    app.decorate('mail', mailer);
    app.log.info(
      { mail: mailer.destination },
      app.config.SMTP_URL
        ? `e-mail goes through ${mailer.destination}`
        : `SMTP_URL is not set: e-mails are written as .eml files to ${mailer.destination}`,
    );
    app.addHook('onClose', async () => {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([mailer.idle(), new Promise((resolve) => (timer = setTimeout(resolve, DRAIN_ON_CLOSE_MS)))]);
      clearTimeout(timer);
    });
  },
  { name: 'mail' },
);
