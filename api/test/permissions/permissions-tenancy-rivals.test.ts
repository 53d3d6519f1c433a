// The permission matrix: another firm's audit work at the home company is hidden from its auditors
// alone, and the foreign tenant's callers never see the home tenant, in any read.
import { describePermissions } from './permission-suite';

describePermissions('permissions-tenancy-rivals.test.ts');
