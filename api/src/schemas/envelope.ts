import { Type, type TSchema } from '@sinclair/typebox';

/** Body of every error answer: `message` is what the client shows (spec section 8). */
export const ErrorBody = Type.Object({
  success: Type.Literal(false),
  message: Type.String(),
  code: Type.String(),
});

/** The error answers every signed-in route may give (503: the database or the server cannot serve now). */
export const errorResponses = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  503: ErrorBody,
};

export const SuccessBody = Type.Object({ success: Type.Literal(true) });

export function successWith<T extends TSchema>(data: T) {
  return Type.Object({ success: Type.Literal(true), data });
}
