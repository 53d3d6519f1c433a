import { FormatRegistry, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { IsoDate, Nullable, Uuid, oneOf } from './common';

if (!FormatRegistry.Has('uuid'))
  FormatRegistry.Set('uuid', (value) =>
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value),
  );
if (!FormatRegistry.Has('date-time'))
  FormatRegistry.Set('date-time', (value) => !Number.isNaN(Date.parse(value)));

describe('Nullable', () => {
  it('writes a scalar or null as one type list, keeping its format and bounds', () => {
    expect(JSON.parse(JSON.stringify(Nullable(IsoDate)))).toEqual({
      type: ['string', 'null'],
      format: 'date-time',
    });
    expect(JSON.parse(JSON.stringify(Nullable(Type.Integer({ minimum: 1 }))))).toEqual({
      type: ['integer', 'null'],
      minimum: 1,
    });
  });

  it('keeps anyOf for a list of values and for an object', () => {
    expect(JSON.parse(JSON.stringify(Nullable(oneOf(['a', 'b']))))).toHaveProperty('anyOf');
    expect(JSON.parse(JSON.stringify(Nullable(Type.Object({ a: Type.String() }))))).toHaveProperty(
      'anyOf',
    );
  });

  it('checks as the value or null it stands for', () => {
    const id = Nullable(Uuid);
    expect(Value.Check(id, null)).toBe(true);
    expect(Value.Check(id, '0b7e3a52-4c1f-4d8e-9a51-1f0c2b3d4e5f')).toBe(true);
    expect(Value.Check(id, 'not an id')).toBe(false);
    expect(Value.Check(id, 7)).toBe(false);
    const days = Nullable(Type.Integer({ minimum: 1 }));
    expect(Value.Check(days, 3)).toBe(true);
    expect(Value.Check(days, 0)).toBe(false);
    expect(Value.Check(days, 1.5)).toBe(false);
    expect(Value.Check(days, '3')).toBe(false);
    expect(Value.Check(Nullable(Type.Boolean()), false)).toBe(true);
    expect(
      Value.Check(Type.Object({ due: Nullable(IsoDate) }), { due: '2026-11-28T00:00:00.000Z' }),
    ).toBe(true);
    expect(Value.Check(Type.Object({ due: Nullable(IsoDate) }), { due: 'soon' })).toBe(false);
  });
});
