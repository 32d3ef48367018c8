/** The order buttons the app puts into the hose and DGUV screens (components/order-slot). */
import type { OrderSlot } from '../../components/order-slot';
import { BulkOrderButton } from './bulk-order-button';
import { ReplaceButton } from './replace-button';

export const shopOrderSlot: OrderSlot = { ReplaceButton, BulkButton: BulkOrderButton };
