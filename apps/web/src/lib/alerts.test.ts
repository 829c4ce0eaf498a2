import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { showWarning } from './alerts';

describe('dialogs and focus', () => {
  let price: HTMLElement;
  let category: HTMLElement;

  beforeEach(() => {
    document.body.innerHTML = '<input aria-label="Price" /><input aria-label="Category" />';
    price = screen.getByLabelText('Price');
    category = screen.getByLabelText('Category');
  });
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('give focus back to the field that had it when the dialog closes', async () => {
    price.focus();
    const closed = showWarning('Validation Error', 'Please add the price.');
    await userEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await closed;
    await waitFor(() => expect(document.activeElement).toBe(price));
  });

  it('leave focus where the reader put it while the dialog was closing', async () => {
    price.focus();
    const closed = showWarning('Validation Error', 'Please add the category.');
    await userEvent.click(await screen.findByRole('button', { name: 'OK' }));
    category.focus();
    await closed;
    // SweetAlert2 gives focus back on a timer it sets as the dialog closes (100 ms): a later timer runs
    // after it, however busy the machine, so focus has been taken by then if it is going to be.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(document.activeElement).toBe(category);
  });
});
