import { useMemo } from 'react';
import { listByKey } from '../../../domain/resources/lists.ts';
import { selectPathname, selectSearch } from '../../../machines/navigation.machine.ts';
import { useAppSystem } from '../../app/app-context.tsx';
import { listPageActor } from '../../resources/list-page.ts';
import type { ScreenProps } from '../screen-props.ts';
import { ListScreenContext } from './list-context.ts';
import { ListView } from './list-view.tsx';
import { ParentName } from './parent-name.tsx';

/**
 * `list:<key>` routes: the view adopts the list actor its page was got ready with (already
 * loading its first page; src/resources/list-page.ts); navigation tells it when the address
 * bar moves.
 */
export default function ListRoute({ screen, params }: ScreenProps) {
  const system = useAppSystem();
  const def = listByKey(screen.slice('list:'.length));
  const parentId = def.parent ? params.parent : undefined;
  const actor = useMemo(() => {
    const nav = system.navigation.getSnapshot();
    return listPageActor(system, { screen, pathname: selectPathname(nav), search: selectSearch(nav), params });
    // One list per page: the page's address is what its params say.
  }, [system, screen, JSON.stringify(params)]);
  const list = useMemo(() => ({ def, parentId, actor }), [def, parentId, actor]);
  return (
    <ListScreenContext value={list}>
      {parentId ? <ParentName def={def} parentId={parentId} /> : null}
      <ListView />
    </ListScreenContext>
  );
}
