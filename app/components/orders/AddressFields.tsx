import { SelectField, TextField } from "~/components/ui/Field";
import { INDIAN_STATES } from "~/modules/addresses/india-states";

/** City, state (every state and union territory) and PIN code: the row both the profile and checkout use. */
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
  return (
    <div className="grid gap-5 sm:grid-cols-3">
      <TextField label="City" name={names.city} autoComplete="address-level2" required={required} maxLength={100} defaultValue={values.city} error={errors.city} />
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
        pattern="[1-9][0-9]{5}"
        defaultValue={values.pin}
        error={errors.pin}
      />
    </div>
  );
}
