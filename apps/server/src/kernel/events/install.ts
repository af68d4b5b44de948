import type { FastifyInstance } from 'fastify';
import type { EventDispatcher } from './dispatcher';
import { eventScope } from './record';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `after-answer`: the route's events are dispatched once its answer has left, because the answer
     * shows nothing their handlers write (a registration: its mail, reminders and notice follow).
     */
    dispatch?: 'after-answer';
  }
  interface FastifyInstance {
    /** The domain event dispatcher (docs/events.md): handlers register on it, tests drain it. */
    events: EventDispatcher;
  }
}

/**
 * Gives every request its own event scope and dispatches what the request recorded before the answer
 * leaves, so a learner sees the certificate their last unit issued on the same page. A route that
 * answers with state a handler writes calls `app.events.settle()` itself before reading it. A route
 * whose answer shows nothing its handlers write (`config.dispatch: 'after-answer'`) answers first and
 * dispatches right after, so its caller does not wait for the mail and notices that follow.
 */
export function installEvents(app: FastifyInstance, dispatcher: EventDispatcher): void {
  app.decorate('events', dispatcher);
  app.addHook('onRequest', (_request, reply, done) => {
    // Answers in flight, so the background dispatch can step aside for them. The response's 'close'
    // comes once, whether it was sent or its caller went away (then neither onResponse nor, for a
    // request already read, onRequestAbort runs).
    dispatcher.answerStarted();
    reply.raw.once('close', () => dispatcher.answerEnded());
    eventScope.run({ recorded: [] }, done);
  });
  app.addHook('onSend', async (request) => {
    if (request.routeOptions.config?.dispatch !== 'after-answer') await dispatcher.settle();
  });
  app.addHook('onResponse', async (request) => {
    if (request.routeOptions.config?.dispatch === 'after-answer') dispatcher.settleAfterAnswer();
  });
  app.addHook('onClose', async () => {
    await dispatcher.stop();
  });
}
