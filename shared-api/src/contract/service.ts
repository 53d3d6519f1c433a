// The contract of the routes for machines: health probes and the OpenAPI document.
import { Type } from '@sinclair/typebox';
import { routeSchemas } from './common';

const CheckState = Type.Union([Type.Literal('ok'), Type.Literal('unavailable')]);
const Checks = Type.Object({ database: CheckState, attachments: CheckState });

export const serviceSchemas = routeSchemas({
  liveness: { response: { 200: Type.Object({ status: Type.Literal('ok') }) } },
  readiness: {
    response: {
      200: Type.Object({ status: Type.Literal('ok'), checks: Checks }),
      503: Type.Object({ status: Type.Literal('unavailable'), checks: Checks }),
    },
  },
  openapi: { response: { 200: Type.Object({}, { additionalProperties: true }) } },
});
