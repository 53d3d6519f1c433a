// A request the schemas refused, told in the caller's language by its first broken rule.
import type { FastifyError } from 'fastify';
import { schemaMessage } from './schema-messages';

const refused = (keyword: string, instancePath: string, params: object) =>
  Object.assign(new Error('body/name must be string'), {
    code: 'FST_ERR_VALIDATION',
    name: 'FastifyError',
    validationContext: 'body' as const,
    validation: [
      {
        keyword,
        instancePath,
        schemaPath: '',
        params: params as Record<string, unknown>,
        message: '',
      },
    ],
  }) as unknown as FastifyError;

describe("the schemas' refusals", () => {
  it.each([
    ['type', '/name', { type: 'string' }, 'body/name doit être de type string'],
    ['maxLength', '/name', { limit: 200 }, 'body/name ne doit pas dépasser 200 caractères'],
    [
      'maximum',
      '/page',
      { limit: 100, comparison: '<=' },
      'body/page doit être inférieur ou égal à 100',
    ],
    [
      'required',
      '',
      { missingProperty: 'name' },
      'body doit contenir la propriété obligatoire «\u00a0name\u00a0»',
    ],
    [
      'enum',
      '/status',
      { allowedValues: ['open'] },
      'body/status doit être l’une des valeurs permises',
    ],
    ['maxItems', '/events', { limit: 50 }, 'body/events ne doit pas compter plus de 50 éléments'],
    ['anyOf', '/status', {}, 'body/status n’est pas valide'],
  ])('writes %s in French', (keyword, path, params, french) => {
    expect(schemaMessage('fr', refused(keyword, path, params))).toBe(french);
  });

  it("keeps the validator's words in English", () => {
    expect(schemaMessage('en', refused('type', '/name', { type: 'string' }))).toBe(
      'body/name must be string',
    );
  });
});
