import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar, avatarSource, initialsOf } from './avatar';

describe('avatar', () => {
  it('takes initials from the first and last names', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('  jane   austen  smith ')).toBe('JS');
    expect(initialsOf('Plato')).toBe('P');
    expect(initialsOf('')).toBe('?');
    expect(initialsOf(undefined)).toBe('?');
  });

  it('accepts a URL, a data-image string, or raw base64 as JPEG', () => {
    expect(avatarSource('/api/files/1')).toBe('/api/files/1');
    expect(avatarSource('blob:http://x/1')).toBe('blob:http://x/1');
    expect(avatarSource('data:image/png;base64,AAA')).toBe('data:image/png;base64,AAA');
    expect(avatarSource('/9j/4AAQSkZJRg')).toBe('data:image/jpeg;base64,/9j/4AAQSkZJRg');
    expect(avatarSource('iVBORw0KGgo')).toBe('data:image/jpeg;base64,iVBORw0KGgo');
    expect(avatarSource(null)).toBeNull();
  });

  it('generates an avatar from the name when there is no picture', () => {
    render(<Avatar name="Kumari Silva" />);
    expect(screen.getByRole('img', { name: "Kumari Silva's avatar" })).toHaveTextContent('KS');
  });

  it('shows the picture when there is one', () => {
    render(<Avatar name="Kumari Silva" profileImage="/api/files/abc" />);
    expect(screen.getByRole('img', { name: "Kumari Silva's picture" })).toHaveAttribute('src', '/api/files/abc');
  });
});
