export {
  type DispatcherOptions,
  type DomainEvent,
  EVENT_DEFAULTS,
  EventDispatcher,
  type EventHandler,
  requeueDeadEvent,
} from './dispatcher';
export { installEvents } from './install';
export { afterCommit, recordEvent, recordedInStatement } from './record';
export { registerDomainEventRoutes } from './routes';
