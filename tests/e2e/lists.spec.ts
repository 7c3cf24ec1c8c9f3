/**
 * Every list of the route table opens for a Super Admin on the demo shop and shows rows or its
 * empty state, never its error. (Permission modules and Permissions once never loaded: their
 * default sort was one the server refused, and only the error was ever shown.)
 */
import { expect, test } from '@playwright/test';
import { capitalise } from '../../domain/text.ts';
import { resourceByKey } from '../../domain/resources/index.ts';
import { AdminApi, adminSession, seedSessionOnLoad } from './support/pages.ts';
import { concreteUrl, LIST_ROUTES, resourceRoute } from './support/routes.ts';

test('every list route opens with rows or its empty state, never the error', async ({ page, request }) => {
  test.setTimeout(300_000);
  const session = await adminSession(request);
  await seedSessionOnLoad(page, session.token, session.user);
  const api = new AdminApi(request, session.token);
  expect(LIST_ROUTES.length).toBeGreaterThanOrEqual(18);
  for (const route of LIST_ROUTES) {
    const def = resourceByKey(resourceRoute(route)!.key);
    const url = await concreteUrl(route, api);
    await test.step(`${route.title}: ${url}`, async () => {
      await page.goto(url);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
      const rows = main.getByRole('table').getByRole('row');
      const empty = main.getByText(`There are no ${def.label.many} yet.`, { exact: true });
      const failed = main.getByRole('alert').filter({ hasText: `${capitalise(def.label.many)} could not be loaded.` });
      await expect(rows.nth(1).or(empty).or(failed)).toBeVisible();
      await expect(failed, `${url} shows the list's error`).toHaveCount(0);
      await expect(main.getByRole('status', { name: `Loading ${def.label.many}` })).toHaveCount(0);
    });
  }
});
