import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Button } from './button';
import { IconButton } from './icon-button';

describe('Button', () => {
  it('is a plain button unless told to submit', () => {
    render(<Button>Save</Button>);
    expect(screen.getByRole('button', { name: 'Save' })).toHaveAttribute('type', 'button');
  });

  it('while loading, cannot be pressed again and says it is busy', () => {
    render(
      <Button type="submit" loading>
        Saving…
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Saving…' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
  });
});

describe('IconButton', () => {
  it('is named by its label, the icon being decoration', () => {
    render(<IconButton label="Delete Moby Dick" title="Delete" icon={<svg aria-hidden />} />);
    expect(screen.getByRole('button', { name: 'Delete Moby Dick' })).toHaveAttribute('title', 'Delete');
  });
});
