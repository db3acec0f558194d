import fs from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import { BRAND } from "~/config/brand";
import { logger } from "~/lib/logger.server";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set (smtp://user:pass@host:587), otherwise a local outbox: one JSON file
 * per message in DATA_DIR/outbox, newest last by name, for a developer to read.
 */
export function createMailer({ smtpUrl, from, outboxDir }: { smtpUrl?: string | undefined; from: string; outboxDir: string }): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(m) {
        await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.text });
      },
    };
  }
  return {
    async send(m) {
      await fs.promises.mkdir(outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = path.join(outboxDir, `${stamp}-${crypto.randomUUID().slice(0, 8)}.json`);
      await fs.promises.writeFile(file, JSON.stringify({ from, ...m, sentAt: new Date().toISOString() }, null, 2));
      logger.info(`Mail to ${m.to} ("${m.subject}") written to ${file}`);
    },
  };
}

export const DEFAULT_MAIL_FROM = `${BRAND.name} <${BRAND.supportEmail}>`;
