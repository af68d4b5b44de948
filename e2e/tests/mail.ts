const MAIL_API = `http://127.0.0.1:${process.env.E2E_MAIL_PORT ?? 18026}`;

export interface SinkMessage {
  to: string[];
  subject: string;
  body: string;
}

/** Waits for a mail to `to` (received after `since` messages) and returns the six-digit code in it. */
export async function codeSentTo(to: string, since = 0, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const list = (await (
      await fetch(`${MAIL_API}/messages?to=${encodeURIComponent(to)}`)
    ).json()) as SinkMessage[];
    const code = list
      .slice(since)
      .reverse()
      .map((m) => /\b(\d{6})\b/.exec(m.body)?.[1])
      .find(Boolean);
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no code mailed to ${to}`);
}

export async function mailCount(to: string): Promise<number> {
  const list = (await (await fetch(`${MAIL_API}/messages?to=${encodeURIComponent(to)}`)).json()) as unknown[];
  return list.length;
}

/** Stops (`down`) or restarts (`up`) the sink's SMTP listener, as a relay going away and coming back. */
export async function setSink(state: 'up' | 'down'): Promise<void> {
  const response = await fetch(`${MAIL_API}/${state}`, { method: 'POST' });
  if (!response.ok) throw new Error(`the sink did not go ${state}`);
}

/** Waits for a mail to `to` (beyond the first `since`) and returns it. */
export async function mailTo(to: string, since = 0, timeoutMs = 10_000): Promise<SinkMessage> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const list = (await (
      await fetch(`${MAIL_API}/messages?to=${encodeURIComponent(to)}`)
    ).json()) as SinkMessage[];
    const mail = list[since];
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
}
