import { SINGLETONS } from '../../../domain/resources/index.ts';
import type { LoadedRecord } from '../../../machines/form/form.machine.ts';
import type { Api } from '../../app/api.ts';
import type { AppSystem } from '../../app/system.ts';
import { screenArg, type PageRequest } from '../page.ts';

/** What a settings form shows: the settings record (it has no version). */
export type SettingData = LoadedRecord;

/** GET the settings record; the page's loader and the form machine's own load ask through this one. */
export async function fetchSetting(api: Pick<Api, 'call'>, path: string): Promise<SettingData> {
  return { data: (await api.call<{ data: Record<string, unknown> }>(path)).data };
}

/** A `single:<key>` page (/admin/pos/setting, /admin/website/setting): its settings record. */
export async function loadSetting(system: Pick<AppSystem, 'api'>, request: Pick<PageRequest, 'screen'>): Promise<SettingData> {
  const key = screenArg(request.screen);
  const def = SINGLETONS[key];
  if (!def) throw new Error(`Unknown setting ${key}`);
  return fetchSetting(system.api, def.api);
}
