import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { firstFailure, parseOrThrow } from './parse';

class Refused extends Error {
  constructor(
    message: string,
    readonly field: string | undefined,
  ) {
    super(message);
  }
}
const refuse = ({ message, field }: { message: string; field: string | undefined }) =>
  new Refused(message, field);

const schema = z.object({
  name: z.string({ error: 'validation:required' }),
  lines: z.array(z.object({ quantity: z.number().min(1, { error: 'validation:min' }) })),
});

describe('parseOrThrow', () => {
  it('returns the parsed value', () => {
    expect(parseOrThrow(schema, { name: 'a', lines: [], extra: 1 }, refuse)).toEqual({
      name: 'a',
      lines: [],
    });
  });

  it("throws the caller's error with the first issue's message and dotted field", () => {
    const thrown = (() => {
      try {
        parseOrThrow(schema, { name: 'a', lines: [{ quantity: 0 }] }, refuse);
      } catch (err) {
        return err;
      }
      return null;
    })();
    expect(thrown).toBeInstanceOf(Refused);
    expect(thrown).toMatchObject({ message: 'validation:min', field: 'lines.0.quantity' });
  });

  it('names no field when the value as a whole is wrong', () => {
    const result = schema.safeParse('text');
    expect(result.success).toBe(false);
    expect(firstFailure(result.error!).field).toBeUndefined();
  });
});
