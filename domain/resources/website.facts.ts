import { rights, type ResourceNoun } from '../permissions.ts';
import { defineFacts } from '../resource.ts';

/** Services, banners and solutions share one shape: website content blocks. */
const content = (key: string, one: string, many: string, slug: string, noun: ResourceNoun) =>
  defineFacts({
    key,
    label: { one, many },
    api: `/api/v1/admin/website/${slug}`,
    permissions: rights(noun),
    routes: { list: `/website/${slug}` },
  });

export const services = content('services', 'service', 'services', 'services', 'service');
export const banners = content('banners', 'banner', 'banners', 'banners', 'banner');
export const solutions = content('solutions', 'solution', 'solutions', 'solutions', 'solution');
