import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';

/** Waits for the newest mail to an address in the test mailbox (whose text matches `matching`, if given) and returns its decoded text. */
export async function waitForMailTo(address: string, timeoutMs = 10_000, matching?: RegExp): Promise<string> {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set; run through playwright.config.ts');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const file of readdirSync(dir).sort().reverse()) {
      const mail = await simpleParser(readFileSync(path.join(dir, file)));
      const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
      const text = mail.text ?? '';
      if (to.some((a) => a.value.some((v) => v.address?.toLowerCase() === address.toLowerCase())) && (!matching || matching.test(text))) return text;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${address} within ${timeoutMs} ms`);
}
