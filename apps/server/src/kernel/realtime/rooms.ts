import type { Actor } from '../../http/policy';

/**
 * Decides whether an actor may follow one thing of a kind (a conversation, an event, a topic). It is
 * the area's own read policy: a socket may follow exactly what the actor may read through the API.
 */
export type RoomAuthorizer = (actor: Actor, id: string) => boolean | Promise<boolean>;

/** Room names are `<kind>:<id>`; these kinds belong to the kernel and are never joined on request. */
const RESERVED = new Set(['user', 'tenant', 'session']);

/**
 * The rooms areas offer (DESIGN section 9: "a socket joins rooms for what it opened"). An area
 * registers a kind once at start with its authorizer; a client then asks to join `{ kind, id }` and
 * the kernel asks the area. Unknown kinds are refused, so no room exists that nobody guards.
 */
export class RoomRegistry {
  private readonly kinds = new Map<string, RoomAuthorizer>();

  register(kind: string, authorize: RoomAuthorizer): void {
    if (RESERVED.has(kind)) throw new Error(`The room kind "${kind}" is the kernel's own`);
    if (this.kinds.has(kind)) throw new Error(`The room kind "${kind}" is registered twice`);
    this.kinds.set(kind, authorize);
  }

  has(kind: string): boolean {
    return this.kinds.has(kind);
  }

  async authorize(kind: string, actor: Actor, id: string): Promise<boolean> {
    const authorize = this.kinds.get(kind);
    if (!authorize) return false;
    try {
      return (await authorize(actor, id)) === true;
    } catch {
      // An authorizer that fails refuses: a room is never opened on an error.
      return false;
    }
  }
}

export const roomName = (kind: string, id: string | number) => `${kind}:${id}`;
