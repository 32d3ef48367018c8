/** The part of the data the start page shows: the selected customer, all or one location. */
export interface CustomerScope {
  companyId: string;
  /** null: all locations of the customer. */
  locationId: string | null;
}
