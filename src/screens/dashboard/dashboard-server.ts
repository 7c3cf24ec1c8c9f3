import { DASHBOARD_API } from '../../../domain/insight/dashboard.facts.ts';
import type { DashboardResponse } from '../../../domain/insight/dashboard.ts';
import type { Api } from '../../app/api.ts';

/** The dashboard's one call: what the page's loader and its machine both ask (the same address). */
export const fetchDashboard = async (api: Api) => (await api.call<{ data: DashboardResponse }>(DASHBOARD_API)).data;
