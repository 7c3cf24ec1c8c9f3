import { createContext, use, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { ResourceDef, Row } from '../../../domain/resource.ts';
import type { listMachine } from '../../../machines/list/list.machine.ts';

export type ListActor = ActorRefFrom<typeof listMachine>;

export interface ListScreen {
  def: ResourceDef;
  /** The parent record's id of a child list (an attribute's values). */
  parentId: string | undefined;
  actor: ListActor;
  /** What a screen adds to the generic list (the products list's pictures, stock badges, bulk actions). */
  extras?: ListExtras | undefined;
}

export interface ListExtras {
  /** A cell before the first column, e.g. a product's picture; `label` names its header for screen readers. */
  leading?: { label: string; render(row: Row): ReactNode };
  /** Cells shown otherwise than by their column's kind, by column name (on hand with its stock badge). */
  cells?: Readonly<Record<string, (row: Row) => ReactNode>>;
  /** Where a row's title links (a record's own page); its edit form when absent. */
  titleHref?(row: Row): string;
  /** More actions on the selected rows, beside "Delete selected". */
  bulkActions?: ReactNode;
}

/** The list a screen's parts (toolbar, table, pagination, dialog) belong to. */
export const ListScreenContext = createContext<ListScreen | null>(null);

export function useListScreen(): ListScreen {
  const list = use(ListScreenContext);
  if (!list) throw new Error('A list part must be inside <ListScreenContext>');
  return list;
}
