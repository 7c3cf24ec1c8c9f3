import type { Permission } from '../permissions.ts';
import { defineFacts } from '../resource.ts';

/** Services, banners and solutions share one shape: website content blocks. */
const content = (key: string, one: string, many: string, slug: string, permission: Permission) =>
  defineFacts({
    key,
    label: { one, many },
    api: `/api/v1/admin/website/${slug}`,
    permissions: { list: permission, create: permission, edit: permission, delete: permission },
    routes: { list: `/website/${slug}` },
  });

export const services = content('services', 'service', 'services', 'services', 'service list');
export const banners = content('banners', 'banner', 'banners', 'banners', 'banner list');
export const solutions = content('solutions', 'solution', 'solutions', 'solutions', 'solution list');
