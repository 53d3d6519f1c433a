// The permission matrix of docs/api.md ("Who may"), part one: the route table, owners and oneself,
// the account lookup and the action plans (the other parts: PERMISSION_FILES in permission-suite.ts).
import { describePermissions } from './permission-suite';

describePermissions('permissions.test.ts');
