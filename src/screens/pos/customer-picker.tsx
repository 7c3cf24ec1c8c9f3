import type { RefObject } from 'react';
import { CUSTOMERS_OFFLINE, pickCustomer, selectCustomerPicker } from '../../../machines/checkout/checkout.selectors.ts';
import type { CustomerOption } from '../../../machines/checkout/checkout.actors.ts';
import { selectUnreachable, type OptionsActor } from '../../../machines/options.machine.ts';
import { shallowEqual, useSelector } from '../../app/use-selector.ts';
import { Button } from '../../components/ui/button.tsx';
import { Combobox } from '../../components/ui/combobox.tsx';
import { RelationOptions, useRelationOptions } from '../resource/fields/relation-field.tsx';
import { dialogRow, TillDialog } from './till-dialog.tsx';
import type { Checkout } from './till-types.ts';

/**
 * The till's customer picker (Alt+C, or the customer's name): the checkout's customer state and
 * its customers' search, the sale form's relation picker over the same options. Enter picks the
 * highlighted match; Walk-in clears; offline it says why nothing can be searched.
 */
export function CustomerDialog({ checkout, finalFocus }: { checkout: Checkout; finalFocus: RefObject<HTMLElement | null> }) {
  const picker = useSelector(checkout, selectCustomerPicker, shallowEqual);
  return (
    <TillDialog open={picker.open} title="Customer" description={`Now: ${picker.current?.name ?? 'Walk-in'}. Type part of a name; Enter picks.`} onClose={() => checkout.send({ type: 'customer.cancel' })} finalFocus={finalFocus}>
      {picker.options && <CustomerSearch actor={picker.options} onPick={(o) => checkout.send(pickCustomer(o))} />}
      <div className={dialogRow}>
        <Button variant="outline" tone="neutral" onClick={() => checkout.send({ type: 'customer.cancel' })}>
          Cancel
        </Button>
        <Button variant="outline" onClick={() => checkout.send(pickCustomer(null))}>
          Walk-in
        </Button>
      </div>
    </TillDialog>
  );
}

function CustomerSearch({ actor, onPick }: { actor: OptionsActor; onPick: (o: CustomerOption) => void }) {
  const { items, collection, status, search, error } = useRelationOptions(actor);
  const unreachable = useSelector(actor, selectUnreachable);
  if (unreachable) return <p role="alert">{CUSTOMERS_OFFLINE}</p>;
  return (
    <Combobox.Root
      collection={collection}
      inputBehavior="autohighlight"
      openOnClick
      defaultOpen
      inputValue={search}
      onInputValueChange={(d) => d.reason === 'input-change' && actor.send({ type: 'options.search', search: d.inputValue })}
      onValueChange={(d) => {
        const picked = items.find((o) => String(o.id) === d.value[0]);
        if (picked) onPick(picked as CustomerOption);
      }}
    >
      <Combobox.Control>
        <Combobox.Input autoFocus aria-label="Search customers" placeholder="Search customers…" />
      </Combobox.Control>
      <RelationOptions items={items} status={status} search={search} error={error} many="customers" />
    </Combobox.Root>
  );
}
