import type { ActorRefFrom } from 'xstate';
import type { checkoutMachine } from '../../../machines/checkout/checkout.machine.ts';
import type { registerMachine } from '../../../machines/checkout/register.machine.ts';

/** The till's actors as its views hold them. */
export type Checkout = ActorRefFrom<typeof checkoutMachine>;
export type Register = ActorRefFrom<typeof registerMachine>;
