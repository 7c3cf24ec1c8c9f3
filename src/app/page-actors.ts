import type { AnyActorRef } from 'xstate';

/**
 * The actor a page was prepared with (a list's, started with its first request before the
 * view mounted), kept for its view to adopt and stopped when another page is shown. Outside
 * React, so the actor's life follows the page, not a component's mounts (StrictMode included).
 */
export function createPageActors(onError?: (error: unknown) => void) {
  let held: { pathname: string; version: string; actor: AnyActorRef } | null = null;
  const drop = () => {
    held?.actor.stop();
    held = null;
  };
  return {
    /**
     * The actor of the page at `pathname`: the one already made for it with the same `version`
     * (what it was made with, e.g. the person's rights), or a new one from `create`, started.
     */
    ensure<A extends AnyActorRef>(pathname: string, version: string, create: () => A): A {
      if (held?.pathname === pathname && held.version === version) return held.actor as A;
      drop();
      const actor = create();
      held = { pathname, version, actor };
      if (onError) actor.subscribe({ error: onError });
      actor.start();
      return actor;
    },
    /** No page keeps its actor (the app is done). */
    clear: drop,
    /** Another page is shown: only the page at `pathname` keeps its actor. */
    keepOnly(pathname: string): void {
      if (!held || held.pathname === pathname) return;
      const left = held.actor;
      held = null;
      // Stopped once the event that moved the page has reached every listener: the list hears
      // that its page was left first (and sends a delete still in its undo window), as it did
      // when its view unmounted.
      queueMicrotask(() => left.stop());
    },
  };
}

export type PageActors = ReturnType<typeof createPageActors>;
