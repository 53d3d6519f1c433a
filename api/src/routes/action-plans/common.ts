import { Type } from '@sinclair/typebox';
import { Uuid } from '../../schemas/uuid';

export const routeDefaults = { tags: ['action plans'], security: [{ session: [] }] };

export const CompanyQuery = Type.Object({ targetCompanyId: Uuid });
export const AuditQuery = Type.Object({ auditId: Uuid });
