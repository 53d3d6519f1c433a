// The permission matrix: no tenant sees the other one, in any read: the home tenant's users, the
// home users on another firm's work at their company, and the foreign tenant's users.
import { describePermissions } from './permission-suite';

describePermissions('permissions-tenancy.test.ts');
