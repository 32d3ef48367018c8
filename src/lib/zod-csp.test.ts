import { describe, expect, it, vi } from 'vitest';

describe('zod under the app CSP', () => {
  it('parses objects without compiling code with Function (eval is refused)', async () => {
    await import('./zod-csp');
    const { z, config } = await import('zod');
    expect(config().jitless).toBe(true);
    const compile = vi.spyOn(globalThis, 'Function');
    const schema = z.object({ name: z.string(), count: z.number() });
    expect(schema.parse({ name: 'x', count: 1 })).toEqual({ name: 'x', count: 1 });
    expect(compile).not.toHaveBeenCalled();
    compile.mockRestore();
  });
});
