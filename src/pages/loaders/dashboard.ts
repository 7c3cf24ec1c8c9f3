import type { DashboardResponse } from '../../../domain/insight/dashboard.ts';
import type { AppSystem } from '../../app/system.ts';
import { fetchDashboard } from '../../screens/dashboard/dashboard-server.ts';

/** The dashboard (/admin/dashboard) opens on its one response: the dashboard machine starts from it. */
export const loadDashboard = (system: AppSystem): Promise<DashboardResponse> => fetchDashboard(system.api);
