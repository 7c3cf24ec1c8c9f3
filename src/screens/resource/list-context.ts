import { createContext, use, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { ResourceList, Row } from '../../../domain/resource.ts';
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
  /** What a screen adds to the generic list (the products list's stock badges and bulk actions, the ledger's cells). */
  extras?: ListExtras | undefined;
}

export interface ListExtras {
  /** Cells shown otherwise than by their column's kind, by column name (on hand with its stock badge). */
  cells?: Readonly<Record<string, (row: Row) => ReactNode>>;
  /** What such a cell says in a badge, by column name, when longer than a few words: its column is made as wide (column-widths.ts). */
  cellText?: Readonly<Record<string, (row: Row) => string>>;
  /** Where a row's title links (a record's own page, open to whoever sees the list); its edit form when absent. */
  titleHref?(row: Row): string;
  /** More actions on the selected rows, beside "Delete selected" (each shown only to who may take it). */
  bulkActions?: ReactNode;
  /**
   * The person's columns and saved filters are offered (kept on the server per resource list);
   * false for lists inside a page (the stock screen's), which have no such settings.
   */
  settings?: boolean;
}

/** The list a screen's parts (toolbar, chips, table or cards, pagination, dialogs) belong to. */
export const ListScreenContext = createContext<ListScreen | null>(null);

export function useListScreen(): ListScreen {
  const list = use(ListScreenContext);
  if (!list) throw new Error('A list part must be inside <ListScreenContext>');
  return list;
}
