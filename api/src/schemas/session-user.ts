import { Type, type Static } from '@sinclair/typebox';
import { Uuid } from './uuid';

export const UserType = Type.Union([
  Type.Literal('client'),
  Type.Literal('auditor'),
  Type.Literal('targetCompany'),
]);
export type UserType = Static<typeof UserType>;

export const Role = Type.Union([
  Type.Literal('owner'),
  Type.Literal('admin'),
  Type.Literal('editor'),
  Type.Literal('viewer'),
]);
export type Role = Static<typeof Role>;

/** The signed-in user (spec section 3); exactly one organisation id is present, the one of its user type. */
export const SessionUser = Type.Object({
  _id: Uuid,
  fullname: Type.String(),
  emailId: Type.String(),
  role: Role,
  userType: UserType,
  clientId: Type.Optional(Uuid),
  auditorId: Type.Optional(Uuid),
  targetCompanyId: Type.Optional(Uuid),
  organisationName: Type.String(),
});
export type SessionUser = Static<typeof SessionUser>;
