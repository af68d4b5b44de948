import { createServer, type Server } from 'node:net';
import { MESSAGES } from '@nexus/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema';
import { makeTestDatabase } from '../test/make-app';

/**
 * A minimal SMTP server (the outside system the mail job talks to): it accepts every message and keeps
 * it, and can be stopped to play an SMTP relay that is down.
 */
function smtpSink() {
  const received: { to: string; raw: string }[] = [];
  let server: Server | undefined;
  // Below Linux's ephemeral range (32768 and up): an outgoing connection of another test file can
  // hold any port there, and this one must be free when the relay comes back.
  const port = 20_000 + Math.floor(Math.random() * 12_000);
  return {
    port,
    received,
    up: () =>
      new Promise<void>((resolve) => {
        server = createServer((socket) => {
          socket.setEncoding('utf8');
          let buffer = '';
          let data = false;
          let to = '';
          socket.write('220 sink ESMTP\r\n');
          socket.on('data', (chunk) => {
            buffer += chunk;
            for (;;) {
              if (data) {
                const end = buffer.indexOf('\r\n.\r\n');
                if (end < 0) return;
                received.push({ to, raw: buffer.slice(0, end) });
                buffer = buffer.slice(end + 5);
                data = false;
                socket.write('250 OK\r\n');
                continue;
              }
              const newline = buffer.indexOf('\r\n');
              if (newline < 0) return;
              const line = buffer.slice(0, newline);
              buffer = buffer.slice(newline + 2);
              const verb = line.slice(0, 4).toUpperCase();
              if (verb === 'RCPT') to = /<([^>]*)>/.exec(line)?.[1] ?? '';
              if (verb === 'DATA') {
                data = true;
                socket.write('354 go ahead\r\n');
              } else if (verb === 'QUIT') {
                socket.end('221 bye\r\n');
                return;
              } else socket.write(verb === 'EHLO' || verb === 'HELO' ? '250 sink\r\n' : '250 OK\r\n');
            }
          });
          socket.on('error', () => {});
        }).listen(port, '127.0.0.1', () => resolve());
      }),
    down: () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
  };
}

const sink = smtpSink();
let database: Database;
let drop: () => Promise<void>;
let app: FastifyInstance;

async function appWith(jobs: 'on' | 'off', smtpUrl?: string): Promise<FastifyInstance> {
  const built = await buildApp({ database, smtpUrl, jobs, jobsPollingSeconds: 0.5 });
  await built.ready();
  return built;
}

let seq = 0;
function signup() {
  seq += 1;
  const name = `mailjob${Date.now().toString(36)}${seq}`;
  return {
    firstName: 'Grace',
    lastName: 'Hopper',
    username: name,
    email: `${name}@example.test`,
    password: 'correct horse battery',
    tnc_accepted: true,
    is_underage: false,
  };
}

const post = (target: FastifyInstance, body: object, ip: string) =>
  target.inject({ method: 'POST', url: '/api/auth/signup', payload: body, remoteAddress: ip });

beforeAll(async () => {
  ({ database, drop } = await makeTestDatabase());
  app = await appWith('on', `smtp://127.0.0.1:${sink.port}`);
});
afterAll(async () => {
  await app?.close();
  await sink.down();
  await drop();
});

describe('mail through the mail.send job', () => {
  it('shows the spec error when the first attempt of a code mail fails, and delivers once SMTP is back', async () => {
    const body = signup();
    const refused = await post(app, body, '10.1.0.1');
    expect(refused.statusCode).toBe(502);
    expect(refused.json().message).toBe(MESSAGES.otpSendFailed);

    // The failed mail keeps retrying; a mail queued while the relay is down arrives once it is back.
    const id = await app.jobs.enqueue(
      null,
      'mail.send',
      { to: 'later@example.test', subject: 'Queued while down', text: 'hello' },
      { retryDelay: 1, retryBackoff: false },
    );
    expect(await app.jobs.firstAttempt('mail.send', id, 10_000)).toBe('failed');
    await sink.up();
    await expect
      .poll(() => sink.received.map((mail) => mail.to), { timeout: 15_000 })
      .toContain('later@example.test');

    const accepted = await post(app, signup(), '10.1.0.2');
    expect(accepted.statusCode).toBe(201);
    const to = accepted.json().data.email as string;
    // The request waited for the first attempt, so the code is at the relay when it answers.
    const mail = sink.received.find((m) => m.to === to);
    expect(mail?.raw).toMatch(/\b\d{6}\b/);
  });

  it('with JOBS=off, answers once the wait is over and leaves the mail to a working process', async () => {
    // Nothing else works the queue: the SMTP app of the first test stops.
    await app.close();
    const api = await appWith('off');
    try {
      const body = signup();
      const started = Date.now();
      const accepted = await post(api, body, '10.1.0.3');
      expect(accepted.statusCode).toBe(201);
      expect(Date.now() - started).toBeGreaterThanOrEqual(4500);
      const outbox = () =>
        database.system.select().from(mailOutbox).where(eq(mailOutbox.to_address, body.email));
      expect(await outbox()).toEqual([]);
      const worker = await appWith('on');
      try {
        await expect.poll(async () => (await outbox()).length, { timeout: 10_000 }).toBe(1);
      } finally {
        await worker.close();
      }
    } finally {
      await api.close();
    }
  });
});
