/** Queues an order call and reports a failure to queue it (the server's answer comes later). */
import { snack } from '@components/snacks';
import { i18n } from '@lib/i18n';

export async function runOrderCall(call: () => Promise<unknown>): Promise<boolean> {
  try {
    await call();
    return true;
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    snack({ type: 'error', text: i18n.t('orders:actions.failed', { reason }) });
    return false;
  }
}
