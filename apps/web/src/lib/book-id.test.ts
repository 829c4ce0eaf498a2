import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { isBookId } from './book-id';

describe('isBookId', () => {
  const samples = [
    '01a217fe-869d-7fa2-b887-05ce9c057923',
    '01900000-0000-7000-8000-000000000000',
    '01A217FE-869D-7FA2-B887-05CE9C057923',
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    'undefined',
    'abc',
    '',
    '01a217fe-869d-9fa2-b887-05ce9c057923',
    '01a217fe-869d-7fa2-c887-05ce9c057923',
    '01a217fe869d7fa2b88705ce9c057923',
    ' 01a217fe-869d-7fa2-b887-05ce9c057923',
    '01a217fe-869d-7fa2-b887-05ce9c057923x',
    '01a217fe-869d-7fa2-b887-05ce9c05792g',
  ];

  it('accepts exactly the ids the API accepts (its z.uuid())', () => {
    const api = z.uuid();
    for (const id of samples) expect([id, isBookId(id)]).toEqual([id, api.safeParse(id).success]);
  });

  it('refuses a missing id', () => {
    expect(isBookId(undefined)).toBe(false);
    expect(isBookId('undefined')).toBe(false);
  });
});
