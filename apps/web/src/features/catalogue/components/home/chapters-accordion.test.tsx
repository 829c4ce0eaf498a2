import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { toggleOpen } from '../../lib/accordion';
import { ChaptersAccordion } from './chapters-accordion';

describe('chapters accordion', () => {
  it('toggles: a new item opens, the open one closes', () => {
    expect(toggleOpen(null, 2)).toBe(2);
    expect(toggleOpen(1, 2)).toBe(2);
    expect(toggleOpen(2, 2)).toBeNull();
  });

  it('keeps at most one item open', async () => {
    render(<ChaptersAccordion />);
    const user = userEvent.setup();
    const buttons = screen.getAllByRole('button');
    expect(buttons).toHaveLength(4);
    const expanded = () => buttons.map((button) => button.getAttribute('aria-expanded'));
    expect(expanded()).toEqual(['true', 'false', 'false', 'false']);
    await user.click(buttons[2]!);
    expect(expanded()).toEqual(['false', 'false', 'true', 'false']);
    expect(screen.getByRole('region', { name: /Chapter 3/ })).toBeVisible();
    await user.click(buttons[2]!);
    expect(expanded()).toEqual(['false', 'false', 'false', 'false']);
  });
});
