/** Both dialogs of the island, loaded the first time one of them is needed. */
import { CartAddedDialog } from './CartAddedDialog';
import { QuickAddDialog, type QuickAddRequest } from './QuickAddDialog';

// Quick-add first: when an add succeeds it closes (focus goes back to its
// opener) before the confirmation opens and remembers that opener.
export default function Dialogs({ request }: { request: QuickAddRequest | null }) {
  return (
    <>
      <QuickAddDialog request={request} />
      <CartAddedDialog />
    </>
  );
}
