/** Dashboard commands: the Filter Date periods from the palette, offered while the dashboard is open. */
import type { Command } from './types';
import { PERIOD_BUTTONS } from '../src/shared/metrics';
import { setPeriod } from '../src/client/state/dashboard';

export const dashboardCommands: Command[] = PERIOD_BUTTONS.map((b) => ({
  id: `dashboard.period-${b.label.toLowerCase()}`,
  title: `Dashboard: show ${b.label}`,
  group: 'Dashboard',
  keywords: ['chart', 'period', 'filter date', b.period, 'user activities'],
  can: (ctx) => ctx.location.split('?')[0] === '/dashboard',
  run: () => void setPeriod(b.period),
}));
