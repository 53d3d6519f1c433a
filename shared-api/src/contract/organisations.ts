// The contract of target companies, auditor firms, users and audits (docs/api.md "Shapes").
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { AUDIT_FORMS, AUDIT_TYPES, CUSTOM_FIELD_TYPES } from '../domain/audit';
import { EXTENSION_APPROVERS } from '../domain/extensions';
import { COMPANY_TYPES } from '../domain/company';
import { RoleSchema } from './auth';
import {
  IsoDate,
  Nullable,
  PageInfo,
  PageQuery,
  Uuid,
  errorAnswers,
  literals,
  oneOf,
  routeSchemas,
  successWith,
} from './common';

// A ceiling far above the rules' limits (TEXT_LIMITS), which answer a long name in words.
const Text = Type.String({ maxLength: 5000 });
const Email = Type.String({ maxLength: 320 });

export const TargetCompany = Type.Object({
  _id: Uuid,
  id: Uuid,
  targetCompanyName: Type.String(),
  registeredName: Type.String(),
  emailId: Type.String(),
  companyType: literals(COMPANY_TYPES),
  sub: Type.String(),
  fullname: Type.String(),
  createdAt: IsoDate,
  clientId: Uuid,
});
export type TargetCompany = Static<typeof TargetCompany>;

/** An auditor firm (GET /auditor). */
export const AuditorListItem = Type.Object({
  id: Uuid,
  auditorName: Type.String(),
  registeredName: Type.String(),
  emailId: Type.String(),
  sub: Type.String(),
  createdAt: IsoDate,
});
export type AuditorListItem = Static<typeof AuditorListItem>;

/** An auditor firm assigned to a target company, with the assignment's settings. */
export const CompanyAuditorEntry = Type.Object({
  id: Uuid,
  auditor: Type.Object({
    _id: Uuid,
    auditorName: Type.String(),
    emailId: Type.String(),
    registeredName: Type.String(),
    createdAt: IsoDate,
  }),
  auditType: Type.Array(oneOf(AUDIT_TYPES)),
  auditCategory: Type.Array(Type.String()),
  formType: Type.Array(oneOf(AUDIT_FORMS)),
  createdAt: IsoDate,
});
export type CompanyAuditorEntry = Static<typeof CompanyAuditorEntry>;

export const CreatedTargetCompany = Type.Object({
  targetCompany: TargetCompany,
  companyAuditor: CompanyAuditorEntry,
});
export type CreatedTargetCompany = Static<typeof CreatedTargetCompany>;

/** A user of a client, auditor firm or target company (all three lists share this shape). */
export const OrganisationUser = Type.Object({
  id: Uuid,
  fullname: Type.String(),
  emailId: Type.String(),
  role: RoleSchema,
  createdAt: IsoDate,
});
export type OrganisationUser = Static<typeof OrganisationUser>;
export type ClientUser = OrganisationUser;

export const UserCounts = Type.Object({
  total: Type.Integer(),
  admins: Type.Integer(),
  editors: Type.Integer(),
  viewers: Type.Integer(),
});
export type UserCounts = Static<typeof UserCounts>;

/** One page of an organisation's users (newest first). */
export const UserPage = Type.Object({
  users: Type.Array(OrganisationUser, { description: 'newest first' }),
  ...PageInfo,
});
export type UserPage = Static<typeof UserPage>;

/** GET /client/users: one page of the client's users and the counts of all of them per role. */
export const ClientUsers = Type.Object({
  users: Type.Array(OrganisationUser, { description: 'newest first' }),
  counts: UserCounts,
  ...PageInfo,
});
export type ClientUsers = Static<typeof ClientUsers>;

const customFieldProperties = {
  id: Type.String({ maxLength: 100 }),
  name: Text,
  placeholder: Type.Optional(Text),
  type: Type.String({ maxLength: 20 }),
  other: Type.Optional(Text),
  /** Only meaningful for select or radio, which the type picker does not offer. */
  options: Type.Optional(Type.Array(Type.Object({ value: Text, name: Text }), { maxItems: 100 })),
};

/** An audit's custom field (its gaps fill it in), as stored: its type passed the audit rules. */
export const CustomField = Type.Object({
  ...customFieldProperties,
  type: oneOf(CUSTOM_FIELD_TYPES),
});
export type CustomField = Static<typeof CustomField>;
export type CustomFieldOption = NonNullable<CustomField['options']>[number];
/** An audit's add-on field: a custom field its gaps fill in. */
export type AuditAddOnField = CustomField;

export const Audit = Type.Object({
  _id: Uuid,
  id: Uuid,
  targetCompanyId: Uuid,
  auditorId: Uuid,
  auditorName: Type.String(),
  auditType: literals(AUDIT_TYPES),
  auditCategory: Type.String(),
  auditForm: literals(AUDIT_FORMS),
  fields: Type.Array(CustomField),
  createdAt: IsoDate,
});
export type Audit = Static<typeof Audit>;

// Bodies: the fields with a spec message are optional here so the rule (not the schema) answers
// with that message after tenancy and role; the rules in ../rules give the checked values.
const settings = {
  auditType: Type.Optional(Type.Array(Type.String({ maxLength: 50 }), { maxItems: 20 })),
  auditCategory: Type.Optional(Type.Array(Type.String({ maxLength: 50 }), { maxItems: 50 })),
  formType: Type.Optional(Type.Array(Type.String({ maxLength: 50 }), { maxItems: 20 })),
};

/** POST /target-company: the company, its owner user (the account of `emailId`) and first auditor. */
export const CreateTargetCompanyPayload = Type.Object({
  targetCompanyName: Type.Optional(Text),
  registeredName: Type.Optional(Text),
  emailId: Type.Optional(Email),
  companyType: Type.Optional(Type.String({ maxLength: 50 })),
  sub: Type.Optional(Text),
  fullname: Type.Optional(Text),
  auditorId: Type.Optional(Type.Union([Uuid, Type.Literal('')])),
  ...settings,
});
export type CreateTargetCompanyPayload = Static<typeof CreateTargetCompanyPayload>;

/** POST /client/add-target-company-auditor. */
export const AddCompanyAuditorPayload = Type.Object({
  targetCompanyId: Uuid,
  auditorId: Type.Optional(Type.Union([Uuid, Type.Literal('')])),
  ...settings,
});
export type AddCompanyAuditorPayload = Static<typeof AddCompanyAuditorPayload>;

/** POST /auditor: engages the firm `emailId` owns, or a new firm the account of `emailId` owns. */
export const CreateAuditorPayload = Type.Object({
  emailId: Type.Optional(Email),
  sub: Type.Optional(Text),
  registeredName: Type.Optional(Text),
  auditorName: Type.Optional(Text),
});
export type CreateAuditorPayload = Static<typeof CreateAuditorPayload>;

export const NewUserPayload = Type.Object({
  emailId: Type.Optional(Email),
  fullname: Type.Optional(Text),
  role: Type.Optional(Type.String({ maxLength: 20 })),
});
export type NewUserPayload = Static<typeof NewUserPayload>;

export const CreateAuditPayload = Type.Object({
  targetCompanyId: Uuid,
  auditorId: Uuid,
  auditType: Type.Optional(Type.String({ maxLength: 50 })),
  auditCategory: Type.Optional(Type.String({ maxLength: 50 })),
  auditForm: Type.Optional(Type.String({ maxLength: 50 })),
  fields: Type.Optional(Type.Array(Type.Object(customFieldProperties), { maxItems: 100 })),
});
export type CreateAuditPayload = Static<typeof CreateAuditPayload>;

const organisationErrors = errorAnswers(400, 401, 403, 404, 409, 502, 503);

/** The answers of an organisations route: `data` on success, the error body for every failure it can give. */
function answers<S extends 200 | 201, T extends TSchema>(status: S, data: T) {
  const success = { [status]: successWith(data) } as Record<S, ReturnType<typeof successWith<T>>>;
  return { ...success, ...organisationErrors };
}

const search = (where: string) =>
  Type.Optional(Type.String({ maxLength: 200, description: `any case, in ${where}` }));

/** GET /target-company and GET /auditor/target-company query. */
export const TargetCompanyQuery = Type.Object({
  auditorId: Type.Optional(Uuid),
  targetCompanyId: Type.Optional(
    Type.String({
      ...Uuid,
      description: 'only this company, when the user sees it (a page naming it)',
    }),
  ),
  search: search('names, registered names, emails and company types'),
  ...PageQuery,
});
export type TargetCompanyQuery = Static<typeof TargetCompanyQuery>;

/** GET /auditor query. */
export const AuditorQuery = Type.Object({
  auditorId: Type.Optional(Uuid),
  search: search('names, registered names and emails'),
  ...PageQuery,
});
export type AuditorQuery = Static<typeof AuditorQuery>;

/** GET /target-company/auditors query. */
export const CompanyAuditorQuery = Type.Object({
  targetCompanyId: Uuid,
  search: search("the firms' names, registered names and emails"),
  auditType: Type.Optional(literals(AUDIT_TYPES)),
  auditorId: Type.Optional(
    Type.String({
      ...Uuid,
      description: "only this firm's assignment, when the user sees it (a page naming it)",
    }),
  ),
  ...PageQuery,
});
export type CompanyAuditorQuery = Static<typeof CompanyAuditorQuery>;

/** GET /client/users and GET /auditor/users query. */
export const UserQuery = Type.Object({
  search: search('full names, emails and roles'),
  ...PageQuery,
});
export type UserQuery = Static<typeof UserQuery>;

/**
 * A member whose sign-ins the identity provider refuses for now, after too many failed attempts on
 * their account or from the address they sign in from (docs/decisions/0027-sign-in-limits.md).
 */
export const SignInLimit = Type.Object({
  userId: Uuid,
  fullname: Type.String(),
  emailId: Type.String(),
  /** When they may try again. */
  until: IsoDate,
});
export type SignInLimit = Static<typeof SignInLimit>;

/** GET /{area}/users/sign-in-limits: the members refused for now, soonest free first. */
export const SignInLimits = Type.Object({ limits: Type.Array(SignInLimit) });
export type SignInLimits = Static<typeof SignInLimits>;

/** GET /target-company/users/sign-in-limits query. */
export const CompanySignInLimitsQuery = Type.Object({ targetCompanyId: Uuid });

/** GET /target-company/users query. */
export const CompanyUserQuery = Type.Object({ targetCompanyId: Uuid, ...UserQuery.properties });
export type CompanyUserQuery = Static<typeof CompanyUserQuery>;

/** GET /target-company/{auditorId}/audits query. */
export const AuditQuery = Type.Object({
  targetCompanyId: Uuid,
  auditorId: Type.Optional(Uuid),
  search: search('types, categories and forms'),
  auditType: Type.Optional(literals(AUDIT_TYPES)),
  auditCategory: Type.Optional(Type.String({ maxLength: 50 })),
  ...PageQuery,
});
export type AuditQuery = Static<typeof AuditQuery>;

/** One page of target companies (newest first). */
export const TargetCompanyPage = Type.Object({
  targetCompanies: Type.Array(TargetCompany, { description: 'newest first' }),
  ...PageInfo,
});
export type TargetCompanyPage = Static<typeof TargetCompanyPage>;

/** One page of the client's auditor firms (most recently engaged first). */
export const AuditorPage = Type.Object({
  auditors: Type.Array(AuditorListItem, { description: 'most recently engaged first' }),
  ...PageInfo,
});
export type AuditorPage = Static<typeof AuditorPage>;

/** One page of the firms assigned to a company (newest assignment first). */
export const CompanyAuditorPage = Type.Object({
  auditors: Type.Array(CompanyAuditorEntry, { description: 'newest assignment first' }),
  ...PageInfo,
});
export type CompanyAuditorPage = Static<typeof CompanyAuditorPage>;

/** One page of a firm's audits of a company (newest first). */
export const AuditPage = Type.Object({
  audits: Type.Array(Audit, { description: 'newest first' }),
  ...PageInfo,
});
export type AuditPage = Static<typeof AuditPage>;

/** A client's settings for its whole portfolio. */
export const ClientSettings = Type.Object({
  closureNeedsReview: Type.Boolean({
    description:
      'gaps close only through evidence review (request, then accept); off: the status selector sets Closed and Prov Close as the spec says',
  }),
  extensionApprover: oneOf(EXTENSION_APPROVERS, {
    description:
      "who answers the companies' due-date extension requests: 'client' (default) or 'auditor'",
  }),
});
export type ClientSettings = Static<typeof ClientSettings>;
const UserId = Type.Object({ id: Uuid });

/** A financing milestone of a company's loan (docs/decisions/0084-financing-milestones.md). */
export const Milestone = Type.Object({
  name: Type.String({
    description: "Financial close and First disbursement always, then the client's",
  }),
  reachedOn: Nullable(Type.String({ description: 'YYYY-MM-DD once reached; null until then' })),
  standard: Type.Boolean({ description: 'financial close or first disbursement: never removed' }),
});
export type Milestone = Static<typeof Milestone>;

export const CompanyMilestones = Type.Object({
  milestones: Type.Array(Milestone, {
    description: 'the standard two first, then in the order set',
  }),
  canManage: Type.Boolean({ description: 'whether the caller may set them' }),
});
export type CompanyMilestones = Static<typeof CompanyMilestones>;

/** PUT /target-company/{id}/milestones: the whole list; the standard two are added when left out. */
export const MilestonesPayload = Type.Object({
  milestones: Type.Array(
    Type.Object({
      name: Type.Optional(Type.String({ maxLength: 5000 })),
      reachedOn: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
    }),
    { maxItems: 200 },
  ),
});
export type MilestonesPayload = Static<typeof MilestonesPayload>;

export const organisationSchemas = routeSchemas({
  targetCompanies: { querystring: TargetCompanyQuery, response: answers(200, TargetCompanyPage) },
  auditorTargetCompanies: {
    querystring: TargetCompanyQuery,
    response: answers(200, TargetCompanyPage),
  },
  createTargetCompany: {
    body: CreateTargetCompanyPayload,
    response: answers(201, CreatedTargetCompany),
  },
  addCompanyAuditor: {
    body: AddCompanyAuditorPayload,
    response: answers(201, Type.Object({ audit: CompanyAuditorEntry })),
  },
  auditors: { querystring: AuditorQuery, response: answers(200, AuditorPage) },
  createAuditor: {
    body: CreateAuditorPayload,
    response: answers(201, Type.Object({ auditor: AuditorListItem })),
  },
  companyAuditors: {
    querystring: CompanyAuditorQuery,
    response: answers(200, CompanyAuditorPage),
  },
  clientUsers: { querystring: UserQuery, response: answers(200, ClientUsers) },
  auditorUsers: { querystring: UserQuery, response: answers(200, UserPage) },
  companyUsers: { querystring: CompanyUserQuery, response: answers(200, UserPage) },
  addUser: {
    body: NewUserPayload,
    response: answers(201, Type.Object({ user: OrganisationUser })),
  },
  // A manager's resends are limited (429).
  reinviteUser: {
    params: UserId,
    response: { ...answers(200, Type.Object({})), ...errorAnswers(429) },
  },
  removeUser: { params: UserId, response: answers(200, Type.Object({})) },
  // Read from the identity provider: its limit per person (429) and its absence (502).
  signInLimits: { response: { ...answers(200, SignInLimits), ...errorAnswers(429, 502) } },
  companySignInLimits: {
    querystring: CompanySignInLimitsQuery,
    response: { ...answers(200, SignInLimits), ...errorAnswers(429, 502) },
  },
  audits: {
    params: Type.Object({ auditorId: Uuid }),
    querystring: AuditQuery,
    response: answers(200, AuditPage),
  },
  audit: {
    params: Type.Object({ auditId: Uuid }),
    response: answers(200, Type.Object({ audit: Audit })),
  },
  createAudit: { body: CreateAuditPayload, response: answers(201, Type.Object({ audit: Audit })) },
  clientSettings: { response: answers(200, Type.Object({ settings: ClientSettings })) },
  companyMilestones: {
    params: Type.Object({ id: Uuid }),
    response: answers(200, CompanyMilestones),
  },
  updateCompanyMilestones: {
    params: Type.Object({ id: Uuid }),
    body: MilestonesPayload,
    response: { ...answers(200, CompanyMilestones), ...errorAnswers(409) },
  },
  updateClientSettings: {
    body: Type.Object({
      closureNeedsReview: Type.Optional(Type.Boolean()),
      extensionApprover: Type.Optional(Type.String({ description: "'client' or 'auditor'" })),
    }),
    response: answers(200, Type.Object({ settings: ClientSettings })),
  },
});
