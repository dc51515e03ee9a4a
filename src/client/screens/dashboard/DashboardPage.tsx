/**
 * /dashboard: the page frame and the profile block. The metrics (tiles, filters, activity chart) are
 * a separate piece of work and mount in the `dashboard-body` section below.
 */
import type { ScreenProps } from '../../routes';
import { ProfileBlock } from './ProfileBlock';
import { DashboardMetrics } from './DashboardMetrics';

export default function DashboardPage(_props: ScreenProps) {
  return (
    <div className="page">
      <div className="page-head">
        <ProfileBlock />
      </div>
      <div className="dashboard-body">
        <DashboardMetrics />
      </div>
    </div>
  );
}
