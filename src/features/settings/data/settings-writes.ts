/**
 * The settings feature's writes (docs/architecture.md "Writes"): the service company's synced
 * settings row and its logo, through the mutator so they work offline. Each takes the mutator
 * last, the app's by default.
 */
import { mutate, type Mutator, type UpdateInput } from '@sync';

export async function updateCompanySettings(
  id: string,
  changes: UpdateInput<'companySettings'>,
  m: Mutator = mutate,
): Promise<void> {
  await m.update('companySettings', id, changes);
}

/** The company's logo (a blob id already stored on the device) or none. */
export async function setCompanyLogo(
  id: string,
  logo: string | null,
  m: Mutator = mutate,
): Promise<void> {
  await m.update('companySettings', id, { logo });
}
