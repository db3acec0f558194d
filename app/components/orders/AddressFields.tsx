import { useId, useRef, useState, type ChangeEvent } from "react";
import { SelectField, TextField } from "~/components/ui/Field";
import { INDIAN_STATES } from "~/modules/addresses/india-states";
import { PIN_INPUT_PATTERN, isPinFormat, type PinCodeAnswer } from "~/modules/addresses/pin-codes";

/**
 * City, state (every state and union territory) and PIN code: the row both the profile and checkout use.
 *
 * With JavaScript, a complete PIN code is looked up (GET /pin-codes/:pin): its state is chosen,
 * its city filled in when the City field is empty and offered as a suggestion otherwise, and a
 * PIN where the shop does not deliver, or takes no cash on delivery, says so. Without JavaScript
 * nothing is filled in; the server checks the PIN against the state either way, with the same words.
 */
export function CityStatePinFields({
  names,
  values,
  errors,
  required = false,
}: {
  names: { city: string; state: string; pin: string };
  values: { city: string; state: string; pin: string };
  errors: { city?: string | undefined; state?: string | undefined; pin?: string | undefined };
  required?: boolean;
}) {
  const rootRef = useRef<HTMLDivElement>(null);
  const asked = useRef("");
  const [found, setFound] = useState<PinCodeAnswer | null>(null);
  const cityListId = useId();

  async function onPinChange(e: ChangeEvent<HTMLInputElement>) {
    const pin = e.currentTarget.value.trim();
    if (!isPinFormat(pin)) {
      asked.current = "";
      setFound(null);
      return;
    }
    if (pin === asked.current) return;
    asked.current = pin;
    let answer: PinCodeAnswer | null;
    try {
      const res = await fetch(`/pin-codes/${pin}`, { headers: { Accept: "application/json" } });
      answer = res.ok ? ((await res.json()) as PinCodeAnswer) : null;
    } catch {
      answer = null; // offline: the server checks the PIN when the form is sent
    }
    const root = rootRef.current;
    // Only the answer for the PIN still in the field counts.
    if (!root || asked.current !== pin) return;
    setFound(answer);
    if (!answer) return;
    const state = root.querySelector<HTMLSelectElement>(`select[name="${names.state}"]`);
    if (state) state.value = answer.state;
    const city = root.querySelector<HTMLInputElement>(`input[name="${names.city}"]`);
    if (city && city.value.trim() === "") city.value = answer.city;
  }

  return (
    <div ref={rootRef}>
      <div className="grid gap-5 sm:grid-cols-3">
        <TextField
          label="City"
          name={names.city}
          autoComplete="address-level2"
          required={required}
          maxLength={100}
          defaultValue={values.city}
          error={errors.city}
          list={found ? cityListId : undefined}
        />
        <SelectField label="State" name={names.state} autoComplete="address-level1" required={required} defaultValue={values.state} error={errors.state}>
          <option value="">Select state</option>
          {INDIAN_STATES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </SelectField>
        <TextField
          label="PIN Code"
          name={names.pin}
          inputMode="numeric"
          autoComplete="postal-code"
          required={required}
          maxLength={6}
          pattern={PIN_INPUT_PATTERN}
          defaultValue={values.pin}
          error={errors.pin}
          onChange={(e) => void onPinChange(e)}
        />
      </div>
      {found && (
        <datalist id={cityListId}>
          <option value={found.city} />
        </datalist>
      )}
      <p aria-live="polite" className="mt-2 text-sm text-gray-700 empty:hidden" data-testid="pin-note">
        {found?.message ?? ""}
      </p>
    </div>
  );
}
