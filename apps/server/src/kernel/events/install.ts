import type { FastifyInstance } from 'fastify';
import type { EventDispatcher } from './dispatcher';
import { eventScope } from './record';

declare module 'fastify' {
  interface FastifyInstance {
    /** The domain event dispatcher (docs/events.md): handlers register on it, tests drain it. */
    events: EventDispatcher;
  }
}

/**
 * Gives every request its own event scope and dispatches what the request recorded before the answer
 * leaves, so a learner sees the certificate their last unit issued on the same page. A route that
 * answers with state a handler writes calls `app.events.settle()` itself before reading it.
 */
export function installEvents(app: FastifyInstance, dispatcher: EventDispatcher): void {
  app.decorate('events', dispatcher);
  app.addHook('onRequest', (_request, _reply, done) => {
    eventScope.run({ recorded: [] }, done);
  });
  app.addHook('onSend', async () => {
    await dispatcher.settle();
  });
  app.addHook('onClose', async () => {
    await dispatcher.stop();
  });
}
