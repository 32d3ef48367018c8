/**
 * Where the customer selection (`/customer/select`) goes once a customer is chosen, when it was
 * opened for something that needs one: `?next=machines` — the menu's Machines while no customer
 * is selected — opens the chosen customer's machine list.
 */
export const NEXT_MACHINES = 'machines';
