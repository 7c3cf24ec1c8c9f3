import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { editorInput, type PurchaseDoc } from '../../../machines/document/purchase-view.selectors.ts';
import { useAppSystem } from '../../app/app-context.tsx';
import { purchaseEditorMachine } from '../../resources/document-providers.ts';

export const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

export const newKey = () => globalThis.crypto?.randomUUID?.() ?? `po-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/** The line editor of an ordered purchase: PUT with its ETag; saved, the purchase loads again. */
export function useEditor(doc: PurchaseDoc, saved: () => void) {
  const system = useAppSystem();
  const machine = useMemo(
    () =>
      purchaseEditorMachine(system, { id: doc.id, etag: doc.etag }, newKey()).provide({
        actions: {
          finished: (_, { message }) => {
            system.notify({ toastType: 'success', body: message });
            system.navigation.send({ type: 'nav.block', blocked: false });
            saved();
          },
        },
      }),
    [system, doc, saved],
  );
  return useActorRef(machine, { input: editorInput(doc), inspect: system.inspect });
}
