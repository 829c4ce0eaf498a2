import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

const now = new Date('2026-03-15T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('formatRelativeTime', () => {
  it('reads "just now" under 60 seconds, and for a time slightly in the future', () => {
    expect(formatRelativeTime(ago(0), now)).toBe('just now');
    expect(formatRelativeTime(ago(59 * SECOND + 999), now)).toBe('just now');
    expect(formatRelativeTime(ago(-5 * SECOND), now)).toBe('just now');
  });

  it('counts whole minutes under an hour', () => {
    expect(formatRelativeTime(ago(60 * SECOND), now)).toBe('1m ago');
    expect(formatRelativeTime(ago(5 * MINUTE + 59 * SECOND), now)).toBe('5m ago');
    expect(formatRelativeTime(ago(59 * MINUTE + 59 * SECOND), now)).toBe('59m ago');
  });

  it('counts whole hours under a day', () => {
    expect(formatRelativeTime(ago(HOUR), now)).toBe('1h ago');
    expect(formatRelativeTime(ago(23 * HOUR + 59 * MINUTE), now)).toBe('23h ago');
  });

  it('counts whole days under a week', () => {
    expect(formatRelativeTime(ago(DAY), now)).toBe('1d ago');
    expect(formatRelativeTime(ago(6 * DAY + 23 * HOUR), now)).toBe('6d ago');
  });

  it('shows the date from 7 days on', () => {
    expect(formatRelativeTime(ago(7 * DAY), now)).toBe('Mar 8, 2026');
    expect(formatRelativeTime('2025-12-25T09:30:00Z', now)).toBe('Dec 25, 2025');
  });

  it('accepts a Date and returns an empty string for an invalid time', () => {
    expect(formatRelativeTime(new Date(now.getTime() - 2 * HOUR), now)).toBe('2h ago');
    expect(formatRelativeTime('not a date', now)).toBe('');
  });
});
