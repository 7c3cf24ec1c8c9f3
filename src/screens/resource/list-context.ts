import { createContext, use } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { ResourceList } from '../../../domain/resource.ts';
import type { listMachine } from '../../../machines/list/list.machine.ts';
import type { optionsMachine } from '../../../machines/options.machine.ts';

export type ListActor = ActorRefFrom<typeof listMachine>;
export type OptionsActor = ActorRefFrom<typeof optionsMachine>;

export interface ListScreen {
  def: ResourceList;
  /** The parent record's id of a child list (an attribute's values). */
  parentId: string | undefined;
  actor: ListActor;
  /** The choices of each relation filter (filter name → its options actor): its select and its chip read them. */
  relations: Readonly<Record<string, OptionsActor>>;
}

/** The list a screen's parts (toolbar, chips, table or cards, pagination, dialogs) belong to. */
export const ListScreenContext = createContext<ListScreen | null>(null);

export function useListScreen(): ListScreen {
  const list = use(ListScreenContext);
  if (!list) throw new Error('A list part must be inside <ListScreenContext>');
  return list;
}
