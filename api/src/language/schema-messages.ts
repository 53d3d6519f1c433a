// The request schemas' refusals in the caller's language (docs/decisions/0110-answers-in-the-callers-language.md):
// English keeps the validator's own words ('body/name must be string'); another language writes the
// first broken rule with the catalogue's words, naming the field as the request does.
import type { FastifyError } from 'fastify';
import { DEFAULT_LANGUAGE, type Language } from '@verity/shared-api/src/server';
import { translate, type TextId } from './translate';

type Issue = NonNullable<FastifyError['validation']>[number];

const LIMITED: Readonly<Record<string, TextId>> = {
  maxLength: 'error.schema.maxLength',
  minLength: 'error.schema.minLength',
  maxItems: 'error.schema.maxItems',
  minItems: 'error.schema.minItems',
  maximum: 'error.schema.maximum',
  minimum: 'error.schema.minimum',
};

function written(language: Language, field: string, issue: Issue): string {
  const params = issue.params as Record<string, unknown>;
  const limited = LIMITED[issue.keyword];
  if (limited) return translate(language, limited, { field, limit: String(params.limit) });
  switch (issue.keyword) {
    case 'type':
      return translate(language, 'error.schema.type', {
        field,
        type: [params.type].flat().join(', '),
      });
    case 'format':
      return translate(language, 'error.schema.format', { field, format: String(params.format) });
    case 'required':
      return translate(language, 'error.schema.required', {
        field,
        property: String(params.missingProperty),
      });
    case 'enum':
    case 'const':
      return translate(language, 'error.schema.enum', { field });
    case 'additionalProperties':
      return translate(language, 'error.schema.additionalProperties', { field });
    default:
      return translate(language, 'error.schema.invalid', { field });
  }
}

/** The message of a request the schemas refused, in `language`. */
export function schemaMessage(language: Language, error: FastifyError): string {
  const issue = error.validation?.[0];
  if (language === DEFAULT_LANGUAGE || !issue) return error.message;
  return written(language, `${error.validationContext ?? ''}${issue.instancePath}`, issue);
}
