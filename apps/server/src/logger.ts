import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config';

/** pino through Fastify: JSON in production, pretty lines in development (DESIGN section 2). */
export function loggerOptions(
  config: Pick<Config, 'production' | 'logLevel'>,
): FastifyServerOptions['logger'] {
  const redact = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'];
  if (config.production) return { level: config.logLevel, redact };
  return {
    level: config.logLevel,
    redact,
    transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' } },
  };
}
