import { createContext, use } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { ResourceList } from '../../../domain/resource.ts';
import type { listMachine } from '../../../machines/list/list.machine.ts';

export type ListActor = ActorRefFrom<typeof listMachine>;

export interface ListScreen {
  def: ResourceList;
  /** The parent record's id of a child list (an attribute's values). */
  parentId: string | undefined;
  actor: ListActor;
}

/** The list a screen's parts (toolbar, table, pagination, dialog) belong to. */
export const ListScreenContext = createContext<ListScreen | null>(null);

export function useListScreen(): ListScreen {
  const list = use(ListScreenContext);
  if (!list) throw new Error('A list part must be inside <ListScreenContext>');
  return list;
}
