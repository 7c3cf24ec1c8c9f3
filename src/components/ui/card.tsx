import { ark } from '@ark-ui/react/factory';
import { card } from 'styled-system/recipes';
import { createSlots } from './slots.ts';

const { withProvider, withContext } = createSlots(card);

/** A surface with optional header, body and footer: `<Card.Root><Card.Header>…`. */
export const Card = {
  Root: withProvider(ark.section, 'root'),
  Header: withContext(ark.div, 'header'),
  Title: withContext(ark.h2, 'title'),
  Description: withContext(ark.p, 'description'),
  Body: withContext(ark.div, 'body'),
  Footer: withContext(ark.div, 'footer'),
};
