import fs from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import { BRAND } from "~/config/brand";
import { logger } from "~/lib/logger.server";

/** A mail on its way out: `id` is the shop's mail id, the same on every try. */
export interface OutgoingMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

export interface Mailer {
  send(message: OutgoingMail): Promise<void>;
}

export interface MailerConfig {
  smtpUrl?: string | undefined;
  from: string;
  outboxDir: string;
  /** The host part of every Message-ID (the shop's own domain). */
  messageIdHost: string;
}

/**
 * SMTP when SMTP_URL is set (smtp://user:pass@host:587), otherwise a local outbox: one JSON file
 * per mail in DATA_DIR/outbox, named by when the mail was queued and its id, for a developer to
 * read. Both are idempotent per mail id: a second try of the same mail overwrites its own outbox
 * file, and carries the same Message-ID over SMTP, so a receiving server can drop the copy.
 */
export function createMailer({ smtpUrl, from, outboxDir, messageIdHost }: MailerConfig): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(m) {
        await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.text, html: m.html, messageId: `<${m.id}@${messageIdHost}>` });
      },
    };
  }
  return {
    async send(m) {
      await fs.promises.mkdir(outboxDir, { recursive: true });
      const stamp = m.createdAt.replace(/[:.]/g, "-");
      const file = path.join(outboxDir, `${stamp}-${m.id}.json`);
      const body = JSON.stringify({ id: m.id, from, to: m.to, subject: m.subject, text: m.text, html: m.html, sentAt: new Date().toISOString() }, null, 2);
      // Written whole or not at all: a reader never sees half a mail.
      const partial = `${file}.partial`;
      await fs.promises.writeFile(partial, body);
      await fs.promises.rename(partial, file);
      logger.info({ mail: { id: m.id, file } }, "mail written to the outbox");
    },
  };
}

export const DEFAULT_MAIL_FROM = `${BRAND.name} <${BRAND.supportEmail}>`;
