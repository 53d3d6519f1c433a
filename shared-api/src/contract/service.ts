// The contract of the routes for machines: health probes and the OpenAPI document.
import { Type } from '@sinclair/typebox';
import { routeSchemas } from './common';

const CheckState = Type.Union([Type.Literal('ok'), Type.Literal('unavailable')]);
const Checks = Type.Object({
  database: CheckState,
  attachments: Type.Union([...CheckState.anyOf, Type.Literal('full')], {
    description:
      'full: less free space than ATTACHMENT_MIN_FREE_BYTES, or no room for a write; unavailable: cannot be written, read or reached',
  }),
});

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
