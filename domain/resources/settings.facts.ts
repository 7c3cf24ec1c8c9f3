/**
 * Where each settings record (`single:<key>` routes) is read and written, by key: the settings
 * page's loader needs only this, so it goes without the forms' fields and schemas
 * (domain/resources/settings.ts holds those and takes its paths from here).
 */
export const SETTING_APIS = {
  posSetting: '/api/v1/admin/settings/pos',
  websiteSetting: '/api/v1/admin/settings/website',
} as const satisfies Record<string, string>;
