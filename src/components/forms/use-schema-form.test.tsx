// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { Button, TextInput } from '@mantine/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { renderRoute } from '@tests/fixtures/render';
import { SnackStack, clearSnacks } from '../snacks';
import { useSchemaForm } from './use-schema-form';

const schema = z.object({ name: z.string().min(1), city: z.string().min(1) });

function Form() {
  const { form, submit } = useSchemaForm({ schema, initialValues: { name: 'Muster', city: '' } });
  return (
    <form noValidate onSubmit={submit(async () => undefined)}>
      <TextInput label="Name" required {...form.getInputProps('name')} />
      <TextInput label="Ort" required {...form.getInputProps('city')} />
      <Button type="submit">Speichern</Button>
    </form>
  );
}

afterEach(() => clearSnacks());

describe('useSchemaForm on a failed save', () => {
  it('focuses the first invalid field and names it', async () => {
    await renderRoute(
      <>
        <Form />
        <SnackStack />
      </>,
      { path: '/', url: '/' },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    const city = screen.getByRole('textbox', { name: /^Ort/ });
    await waitFor(() => expect(document.activeElement).toBe(city));
    expect(city.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('snack').textContent).toBe(
      'Bitte prüfen Sie das markierte Feld: Ort',
    );
  });
});
