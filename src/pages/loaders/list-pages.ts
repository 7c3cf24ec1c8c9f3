import { products } from '../../../domain/resources/product.ts';
import { resourceByKey } from '../../../domain/resources/index.ts';
import type { ListFirst } from '../../../machines/list/list.machine.ts';
import type { AppSystem } from '../../app/system.ts';
import { screenArg, type PageRequest } from '../page.ts';
import { loadList } from './list.ts';

/** A `list:<key>` page: its resource's first page and the person's settings of it. */
export const loadResourceList = (system: AppSystem, request: PageRequest): Promise<ListFirst> => loadList(system, resourceByKey(screenArg(request.screen)), request);

/** The products list (the generic list with pictures, stock badges and bulk actions of its own). */
export const loadProductList = (system: AppSystem, request: PageRequest): Promise<ListFirst> => loadList(system, products, request);

