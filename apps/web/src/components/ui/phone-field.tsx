/**
 * Phone number with a country picker (default Sri Lanka). The value is international, with a leading
 * plus. No flag images, so nothing is fetched from elsewhere.
 */
import { useId } from 'react';
import { defaultCountries, parseCountry, usePhoneInput } from 'react-international-phone';
import { DEFAULT_PHONE_COUNTRY } from '@ebook/shared';

const COUNTRIES = defaultCountries.map(parseCountry);

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
    forceDialCode: true,
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
        {/* The native select keeps keyboard and screen-reader use; the label over it stays compact. */}
        <div className="relative flex w-28 shrink-0 items-center rounded-l-lg border-r border-stone-200 bg-stone-50 px-3 text-sm">
          <span aria-hidden className="pointer-events-none">
            {country.iso2.toUpperCase()} +{country.dialCode} ▾
          </span>
          <select
            aria-label="Country"
            value={country.iso2}
            onChange={(event) => setCountry(event.target.value)}
            className="absolute inset-0 cursor-pointer opacity-0"
          >
            {COUNTRIES.map((option) => (
              <option key={option.iso2} value={option.iso2}>
                {option.name} (+{option.dialCode})
              </option>
            ))}
          </select>
        </div>
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
