// The permission matrix: sessions, dashboards, portfolio, closure, ESAP import and notifications,
// cell by cell.
import { describePermissions } from './permission-suite';

describePermissions('permissions-areas.test.ts');
