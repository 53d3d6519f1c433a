// The shapes of docs/api.md for target companies, auditor firms, users and audits.
import { Type, type TSchema } from '@sinclair/typebox';
import { AUDIT_FORMS, AUDIT_TYPES } from '@verity/shared-api/src/domain/audit';
import { COMPANY_TYPES } from '@verity/shared-api/src/domain/company';
import { ErrorBody, successWith } from '../../schemas/envelope';
import { Role } from '../../schemas/session-user';
import { Uuid } from '../../schemas/uuid';

const literals = <T extends string>(values: readonly T[]) =>
  Type.Union(values.map((value) => Type.Literal(value)));

const DateTime = Type.String({ format: 'date-time' });
const Text = Type.String({ maxLength: 500 });
const Email = Type.String({ maxLength: 320 });

export const AuditType = literals(AUDIT_TYPES);
export const AuditForm = literals(AUDIT_FORMS);
export const CompanyType = literals(COMPANY_TYPES);

export const TargetCompany = Type.Object({
  _id: Uuid,
  id: Uuid,
  targetCompanyName: Type.String(),
  registeredName: Type.String(),
  emailId: Type.String(),
  companyType: CompanyType,
  sub: Type.String(),
  fullname: Type.String(),
  createdAt: DateTime,
  clientId: Uuid,
});

export const Auditor = Type.Object({
  id: Uuid,
  auditorName: Type.String(),
  registeredName: Type.String(),
  emailId: Type.String(),
  sub: Type.String(),
  createdAt: DateTime,
});

export const CompanyAuditor = Type.Object({
  id: Uuid,
  auditor: Type.Object({
    _id: Uuid,
    auditorName: Type.String(),
    emailId: Type.String(),
    registeredName: Type.String(),
    createdAt: DateTime,
  }),
  auditType: Type.Array(Type.String()),
  auditCategory: Type.Array(Type.String()),
  formType: Type.Array(Type.String()),
  createdAt: DateTime,
});

export const User = Type.Object({
  id: Uuid,
  fullname: Type.String(),
  emailId: Type.String(),
  role: Role,
  createdAt: DateTime,
});

const CustomField = Type.Object({
  id: Type.String({ maxLength: 100 }),
  name: Text,
  placeholder: Type.Optional(Text),
  type: Type.String({ maxLength: 20 }),
  other: Type.Optional(Text),
  options: Type.Optional(Type.Array(Type.Object({ value: Text, name: Text }), { maxItems: 100 })),
});

export const Audit = Type.Object({
  _id: Uuid,
  id: Uuid,
  targetCompanyId: Uuid,
  auditorId: Uuid,
  auditorName: Type.String(),
  auditType: AuditType,
  auditCategory: Type.String(),
  auditForm: AuditForm,
  fields: Type.Array(CustomField),
  createdAt: DateTime,
});

// Bodies: the fields with a spec message are optional here so the rule (not the schema) answers with that message.
const settings = {
  auditType: Type.Optional(Type.Array(Type.String({ maxLength: 50 }), { maxItems: 20 })),
  auditCategory: Type.Optional(Type.Array(Type.String({ maxLength: 50 }), { maxItems: 50 })),
  formType: Type.Optional(Type.Array(Type.String({ maxLength: 50 }), { maxItems: 20 })),
};

export const CreateTargetCompany = Type.Object({
  targetCompanyName: Type.Optional(Text),
  registeredName: Type.Optional(Text),
  emailId: Type.Optional(Email),
  companyType: Type.Optional(Type.String({ maxLength: 50 })),
  sub: Type.Optional(Text),
  fullname: Type.Optional(Text),
  auditorId: Type.Optional(Type.Union([Uuid, Type.Literal('')])),
  ...settings,
});

export const AddCompanyAuditor = Type.Object({
  targetCompanyId: Uuid,
  auditorId: Type.Optional(Type.Union([Uuid, Type.Literal('')])),
  ...settings,
});

export const CreateAuditor = Type.Object({
  emailId: Type.Optional(Email),
  sub: Type.Optional(Text),
  registeredName: Type.Optional(Text),
  auditorName: Type.Optional(Text),
});

export const NewUser = Type.Object({
  emailId: Type.Optional(Email),
  fullname: Type.Optional(Text),
  role: Type.Optional(Type.String({ maxLength: 20 })),
});

export const CreateAudit = Type.Object({
  targetCompanyId: Uuid,
  auditorId: Uuid,
  auditType: Type.Optional(Type.String({ maxLength: 50 })),
  auditCategory: Type.Optional(Type.String({ maxLength: 50 })),
  auditForm: Type.Optional(Type.String({ maxLength: 50 })),
  fields: Type.Optional(Type.Array(CustomField, { maxItems: 100 })),
});

/** The answers of a route: `data` on success, the error body for every failure the route can give. */
export function answers<T extends TSchema>(status: 200 | 201, data: T) {
  return {
    [status]: successWith(data),
    400: ErrorBody,
    401: ErrorBody,
    403: ErrorBody,
    404: ErrorBody,
    409: ErrorBody,
    502: ErrorBody,
  };
}

export const routeDocs = (tag: string, summary: string) => ({
  tags: [tag],
  summary,
  security: [{ session: [] }],
});
