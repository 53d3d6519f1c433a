// The permission matrix: the organisations' routes and the monitoring reports, cell by cell.
import { describePermissions } from './permission-suite';

describePermissions('permissions-organisations.test.ts');
