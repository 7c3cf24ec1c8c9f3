/** The dashboard's address, apart from its zod schema (dashboard.ts), so the page that calls it loads no zod. */
export const DASHBOARD_API = '/api/v1/admin/dashboard';
