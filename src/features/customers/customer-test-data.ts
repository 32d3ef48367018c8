/** Seeds customers for the component tests of this feature (not used by the app). */
import { getDatabase } from '../../db/database';
import { createMutator } from '../../sync';

export const testMutator = () => createMutator({ db: getDatabase(), getUserId: () => 'u1' });

/** Two customers: Muster (two addresses, one machine) and Stahlbau (none). */
export async function seedCustomers() {
  const m = testMutator();
  const muster = await m.create('company', {
    name: 'Muster Hydraulik GmbH',
    customerNumber: 'K-10001',
  });
  const stahl = await m.create('company', { name: 'Stahlbau AG', customerNumber: 'K-20002' });
  const main = await m.create('location', {
    companyId: muster.id,
    street: 'Werkstraße',
    houseNumber: '5',
    zip: '44149',
    city: 'Dortmund',
    type: 'MAIN',
  });
  const delivery = await m.create('location', {
    companyId: muster.id,
    street: 'Hafenweg',
    zip: '45881',
    city: 'Essen',
    type: 'DELIVERY',
  });
  const contact = await m.create('contact', {
    companyId: muster.id,
    firstName: 'Karl',
    lastName: 'Kunde',
    locationId: main.id,
  });
  const maker = await m.create('manufacturer', { name: 'HYDAC' });
  await m.create('machine', {
    companyId: muster.id,
    manufacturerId: maker.id,
    internalId: 'INV-1',
    locationId: null,
  });
  return { muster, stahl, main, delivery, contact };
}

/** Empties every table between tests (deleting would close the app's database for good). */
export async function clearDatabase() {
  const db = getDatabase();
  await Promise.all(db.tables.map((t) => t.clear()));
}
