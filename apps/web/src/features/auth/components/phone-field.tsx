/**
 * Phone number with a country picker (default Sri Lanka). The value is international, with a leading
 * plus. Flags are emoji, so nothing is fetched from elsewhere.
 */
import { useId } from 'react';
import { defaultCountries, parseCountry, usePhoneInput } from 'react-international-phone';
import { DEFAULT_PHONE_COUNTRY } from '@ebook/shared';

const COUNTRIES = defaultCountries.map(parseCountry);

function flagOf(iso2: string): string {
  return String.fromCodePoint(...[...iso2.toUpperCase()].map((char) => 0x1f1e6 + char.charCodeAt(0) - 65));
}

export function PhoneField({
  value,
  onChange,
  onBlur,
  error,
}: {
  value: string;
  onChange: (phone: string) => void;
  onBlur: () => void;
  error?: string;
}) {
  const id = useId();
  const { inputValue, handlePhoneValueChange, inputRef, country, setCountry } = usePhoneInput({
    defaultCountry: DEFAULT_PHONE_COUNTRY,
    value,
    countries: defaultCountries,
    // The dial code alone is no number yet: report it as empty so 'Phone number is required' shows.
    onChange: ({ phone, country: chosen }) => onChange(phone === `+${chosen.dialCode}` ? '' : phone),
  });

  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-stone-700">
        Phone
      </label>
      <div
        className={`flex rounded-lg border bg-white shadow-sm focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-100 ${
          error ? 'border-red-500' : 'border-stone-300'
        }`}
      >
        <select
          aria-label="Country"
          value={country.iso2}
          onChange={(event) => setCountry(event.target.value)}
          className="w-24 rounded-l-lg border-r border-stone-200 bg-stone-50 px-2 text-sm outline-none"
        >
          {COUNTRIES.map((option) => (
            <option key={option.iso2} value={option.iso2}>
              {flagOf(option.iso2)} +{option.dialCode} {option.name}
            </option>
          ))}
        </select>
        <input
          id={id}
          ref={inputRef}
          type="tel"
          autoComplete="tel"
          value={inputValue}
          onChange={handlePhoneValueChange}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="min-w-0 flex-1 rounded-r-lg px-3 py-2 outline-none"
        />
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
