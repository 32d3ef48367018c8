/**
 * The hydraulics provider's settings, the two demo customers with their addresses and contact
 * persons, and the manufacturers machines and parts refer to.
 */
import { DEMO_CUSTOMER_ID } from '../users/demo-users';
import type { AddressType } from '@domain/schemas/enums';
import { demoId, type DemoIds } from './demo-random';
import type { DemoRows } from './demo-rows';

/** The provider's settings row; its presence means the demo data is in place. */
export const DEMO_SETTINGS_ID = demoId('settings', 1);
/** The second demo customer (no demo user belongs to it). */
export const DEMO_CUSTOMER_2_ID = demoId('company', 0xc002);
export const DEMO_PIPE_CODE_PREFIX = 'HM';
export const DEMO_ASSEMBLY_SURCHARGE_CENTS = 1250;

export interface DemoCustomer {
  id: string;
  /** Plants (MAIN addresses) machines stand at. */
  plants: string[];
}

const CUSTOMERS = [
  {
    id: DEMO_CUSTOMER_ID,
    name: 'Muster Hydraulik Kunde GmbH',
    taxident: 'DE123456789',
    customerNumber: 'K-10001',
    phone: '+49 231 555 100',
    email: 'einkauf@kunde.example',
    city: 'Dortmund',
    zip: '44149',
    plants: [
      ['Werkstraße', '5', 'Werk Nord', 4],
      ['Südring', '88', 'Werk Süd', 12],
    ],
    contacts: [
      ['Karl', 'Kunde', 'Instandhaltungsleiter'],
      ['Sabine', 'Schmidt', 'Einkauf'],
      ['Jörg', 'Weber', 'Schichtleiter Werk Süd'],
    ],
  },
  {
    id: DEMO_CUSTOMER_2_ID,
    name: 'Stahlbau Beispiel AG',
    taxident: 'DE987654321',
    customerNumber: 'K-10002',
    phone: '+49 209 444 200',
    email: 'info@stahlbau.example',
    city: 'Gelsenkirchen',
    zip: '45881',
    plants: [['Hafenstraße', '21', 'Halle 3', 18]],
    contacts: [
      ['Petra', 'Neumann', 'Technische Leitung'],
      ['Ali', 'Yilmaz', 'Werkstattmeister'],
    ],
  },
] as const;

const MANUFACTURERS = [
  'Bosch Rexroth',
  'Parker Hannifin',
  'HYDAC',
  'Danfoss',
  'Eaton',
  'Bucher Hydraulics',
  'Argo-Hytos',
  'Liebherr',
  'Komatsu',
  'Engel',
  'Trumpf',
  'KraussMaffei',
] as const;

export function addProvider(rows: DemoRows): void {
  rows.add('companySettings', {
    id: DEMO_SETTINGS_ID,
    companyId: null,
    name: 'HM Hydraulik-Service GmbH',
    street: 'Industriestraße',
    houseNr: '12',
    zip: '44147',
    city: 'Dortmund',
    pipeCodePrefix: DEMO_PIPE_CODE_PREFIX,
    assemblySurchargeCents: DEMO_ASSEMBLY_SURCHARGE_CENTS,
  });
}

export function addManufacturers(rows: DemoRows, ids: DemoIds): string[] {
  return MANUFACTURERS.map(
    (name) => rows.add('manufacturer', { id: ids.next('manufacturer'), companyId: null, name }).id,
  );
}

export function addCustomers(rows: DemoRows, ids: DemoIds): DemoCustomer[] {
  return CUSTOMERS.map((c) => {
    const { id, name, taxident, customerNumber, phone, email } = c;
    rows.add('company', { id, companyId: id, name, taxident, customerNumber, phone, email });
    const address = (type: AddressType, street: string, no: string, addition: string, km = 0) =>
      rows.add('location', {
        id: ids.next('location'),
        companyId: id,
        street,
        houseNumber: no,
        zip: c.zip,
        city: c.city,
        addition,
        distance: km,
        type,
      }).id;
    const plants = c.plants.map(([street, no, addition, km]) =>
      address('MAIN', street, no, addition, km),
    );
    const [firstPlant] = plants;
    address('DELIVERY', c.plants[0][0], c.plants[0][1], 'Wareneingang Tor 2', c.plants[0][3]);
    address('INVOICE', 'Postfach', '1020', 'Buchhaltung');
    c.contacts.forEach(([firstName, lastName, position], i) => {
      const mail = `${firstName}.${lastName}`.toLowerCase().replace(/ö/g, 'oe');
      rows.add('contact', {
        id: ids.next('contact'),
        companyId: id,
        firstName,
        lastName,
        phone: `${phone.slice(0, -1)}${i + 1}`,
        email: `${mail}@${email.split('@')[1] ?? 'example.com'}`,
        position,
        locationId: plants[i] ?? firstPlant ?? null,
      });
    });
    return { id, plants };
  });
}
