/**
 * Phone number with a country picker (the store's DEFAULT_COUNTRY, Sri Lanka unless configured). The
 * value is international, with a leading plus. A pasted number is read as people write it: national
 * ("771234568", "077 123 4568") in the chosen country, or international ("+94 77 123 4568",
 * "0094..."), whatever the field held before. No flag images, so nothing is fetched from elsewhere.
 */
import { useEffect, useId } from 'react';
import { defaultCountries, parseCountry, usePhoneInput } from 'react-international-phone';
import { DEFAULT_PHONE_COUNTRY, normalisePastedPhone } from '@ebook/shared';
import { useStoreInfo } from '@/lib/store-currency';

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
  const storeCountry = useStoreInfo()?.defaultCountry;
  // The store's country once known, as long as nothing has been typed.
  const defaultCountry = COUNTRIES.some((c) => c.iso2 === storeCountry) ? storeCountry! : DEFAULT_PHONE_COUNTRY;
  const { inputValue, handlePhoneValueChange, inputRef, country, setCountry } = usePhoneInput({
    defaultCountry,
    value,
    countries: defaultCountries,
    forceDialCode: true,
    // The dial code alone is no number yet: report it as empty so 'Phone number is required' shows.
    onChange: ({ phone, country: chosen }) => onChange(phone === `+${chosen.dialCode}` ? '' : phone),
  });
  // The store's country arrives after the first render: an untouched field follows it.
  useEffect(() => {
    if (value === '' && country.iso2 !== defaultCountry) setCountry(defaultCountry);
    // Only when the store's country becomes known, not on every keystroke.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [defaultCountry]);

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
          onPaste={(event) => {
            const pasted = normalisePastedPhone(event.clipboardData.getData('text'), country.dialCode);
            if (!pasted) return;
            // The whole number replaces the field: the library would read a national number as a
            // dial code ("77..." as Russia) or keep the old dial code in front of a pasted one.
            event.preventDefault();
            onChange(pasted);
          }}
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
