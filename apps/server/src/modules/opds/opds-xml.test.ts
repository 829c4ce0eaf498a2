import { describe, expect, it } from 'vitest';
import { decimalPrice, languageCode } from './opds-book-entry.js';
import { xmlText } from './opds-xml.js';

describe('xmlText', () => {
  it('drops what XML 1.0 cannot carry and keeps the rest', () => {
    expect(xmlText('a\u0000b\u0001c\u0008\u000b\u000c\u001fd\ufffe\uffff')).toBe('abcd');
    expect(xmlText('tab\tline\nreturn\r ]]> <x> & "é" 📚')).toBe('tab\tline\nreturn\r ]]> <x> & "é" 📚');
    expect(xmlText('lone \ud800 high, lone \udc00 low')).toBe('lone \ufffd high, lone \ufffd low');
  });
});

describe('book entry details', () => {
  it('gives prices as decimals from minor units and languages as codes', () => {
    expect(decimalPrice(499)).toBe('4.99');
    expect(decimalPrice(5)).toBe('0.05');
    expect(decimalPrice(120000)).toBe('1200.00');
    expect(languageCode('English')).toBe('en');
    expect(languageCode('pt-BR')).toBe('pt-br');
    expect(languageCode('Klingon')).toBeUndefined();
    expect(languageCode(null)).toBeUndefined();
  });
});
