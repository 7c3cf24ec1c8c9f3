import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';

export interface GridPermission {
  id: number;
  name: string;
  /** What it allows in plain words ("Delete customers"); null for one nobody described. */
  description: string | null;
}

/** One module of the role screen's grid: `GET /roles/permission-grid` answers these. */
export interface GridModule {
  id: number;
  name: string;
  permissions: GridPermission[];
}

/** Loads the modules and permissions a role can hold, once, with a retry when that fails. */
export const permissionGridMachine = setup({
  types: {
    context: {} as { modules: GridModule[]; error: string | null },
    events: {} as { type: 'grid.retry' },
  },
  actors: {
    loadGrid: fromPromise<GridModule[]>(async () => {
      throw new Error('loadGrid is provided by the app');
    }),
  },
}).createMachine({
  id: 'permissionGrid',
  context: { modules: [], error: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'The modules and their permissions are on their way.',
      tags: ['busy'],
      invoke: {
        id: 'loadGrid',
        src: 'loadGrid',
        onDone: { target: 'loaded', actions: assign({ modules: ({ event }) => event.output, error: null }) },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => (event.error as { message?: string })?.message || 'The permissions could not be loaded.' }),
        },
      },
    },
    loaded: { description: 'The grid is shown.' },
    failed: {
      description: 'The message and a retry button are shown.',
      tags: ['error'],
      on: { 'grid.retry': 'loading' },
    },
  },
});

export type PermissionGridActor = ActorRefFrom<typeof permissionGridMachine>;
export const selectModules = (s: SnapshotFrom<typeof permissionGridMachine>) => s.context.modules;
export const selectGridLoading = (s: SnapshotFrom<typeof permissionGridMachine>) => s.hasTag('busy');
/** The message while loading has failed (a retry is offered), else null. */
export const selectGridError = (s: SnapshotFrom<typeof permissionGridMachine>) => (s.matches('failed') ? s.context.error : null);
