// The permission matrix: the home tenant's callers never see the foreign tenant, in any read.
import { describePermissions } from './permission-suite';

describePermissions('permissions-tenancy.test.ts');
