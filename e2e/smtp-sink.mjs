// A real SMTP server for the journeys: the product sends its mail here over TCP (SMTP_URL) exactly as it
// would to a relay, and the tests read what arrived through a small HTTP endpoint. Plain SMTP, no
// authentication, no TLS: it listens on 127.0.0.1 only and lives as long as the e2e server.
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';

/** Decodes the parts of a message the journeys read: headers and a quoted-printable or plain body. */
function parseMessage(raw) {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
  }
  const body = rest
    .join('\n\n')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
  return { subject: headers.subject ?? '', headers, body };
}

export function startSmtpSink({ smtpPort, httpPort }) {
  const messages = [];
  const open = new Set();
  const smtp = createServer((socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let envelope = { from: '', to: [] };
    const reply = (line) => socket.write(`${line}\r\n`);
    reply('220 nexus-e2e-sink ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          const raw = buffer.slice(0, end).replace(/^\.\./gm, '.');
          buffer = buffer.slice(end + 5);
          inData = false;
          messages.push({ ...envelope, ...parseMessage(raw), receivedAt: new Date().toISOString() });
          envelope = { from: '', to: [] };
          reply('250 OK: queued');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline < 0) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 nexus-e2e-sink');
        else if (verb === 'MAIL') {
          envelope.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          reply('250 OK');
        } else if (verb === 'RCPT') {
          envelope.to.push((/<([^>]*)>/.exec(line)?.[1] ?? '').toLowerCase());
          reply('250 OK');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'RSET') {
          envelope = { from: '', to: [] };
          reply('250 OK');
        } else if (verb === 'NOOP') reply('250 OK');
        else if (verb === 'QUIT') {
          reply('221 Bye');
          socket.end();
          return;
        } else reply('502 Command not implemented');
      }
    });
    socket.on('error', () => {});
  });
  smtp.listen(smtpPort, '127.0.0.1');

  // GET /messages?to=<address> → the messages delivered to that address, newest last.
  // POST /down and /up stop and restart the SMTP listener: a relay that is down refuses connections.
  const http = createHttpServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://sink');
    if (request.method === 'POST' && (url.pathname === '/down' || url.pathname === '/up')) {
      if (url.pathname === '/down' && smtp.listening) {
        smtp.close();
        for (const socket of open) socket.destroy();
      }
      if (url.pathname === '/up' && !smtp.listening) smtp.listen(smtpPort, '127.0.0.1');
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ listening: url.pathname === '/up' }));
      return;
    }
    const to = url.searchParams.get('to')?.toLowerCase();
    const list = to ? messages.filter((m) => m.to.includes(to)) : messages;
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(list));
  });
  http.listen(httpPort, '127.0.0.1');
  return {
    /** How many messages arrived (the events bench reports what its registrations sent). */
    count: () => messages.length,
    close() {
      smtp.close();
      http.close();
    },
  };
}
