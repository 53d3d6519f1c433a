// The permission matrix: the organisations' routes, the monitoring reports, the session, the
// dashboards, the portfolio, closure, the ESAP import and the notifications, row by row.
import { describePermissions } from './permission-suite';

describePermissions('permissions-organisations.test.ts');
