import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Config } from './config';

/** Passed by `npm run dev` (the server workspace's dev script): the only run that prints pretty lines. */
export const PRETTY_LOGS_FLAG = '--pretty-logs';

/**
 * pino through Fastify: one JSON object a line everywhere (a log shipper parses them), except under
 * `npm run dev`, which asks for pretty lines; `npm start` logs JSON whatever NODE_ENV says.
 */
export function loggerOptions(
  config: Pick<Config, 'logLevel'>,
  { pretty = false }: { pretty?: boolean } = {},
): FastifyServerOptions['logger'] {
  const redact = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'];
  if (!pretty) return { level: config.logLevel, redact };
  return {
    level: config.logLevel,
    redact,
    transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' } },
  };
}

/**
 * One line per request, written when the answer has gone out: Fastify's own request logging (turned
 * off in buildApp) writes two, "incoming request" and "request completed", doubling the cost of
 * logging for no information the second line lacks. The request id rides in the child logger's reqId.
 */
export function installRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        responseTime: Math.round(reply.elapsedTime * 100) / 100,
      },
      'request',
    );
  });
}
