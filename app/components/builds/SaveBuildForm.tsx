import { useRef } from "react";
import { Form } from "~/lib/route-links";
import { Button } from "~/components/ui/Button";
import { TextField } from "~/components/ui/Field";
import { FormAlert } from "~/components/ui/FormAlert";
import { useFormReply, useIsPending } from "~/lib/form-hooks";
import { BUILD_NAME_FIELD, BUILD_NAME_MAX } from "~/modules/builds/saved-build";
import { PART_FIELD } from "~/modules/builds/selection";

/** What POST /builds answers when it refuses a save: the one reply shape (decision 011) with the parts it was given. */
export interface SaveBuildRefusal {
  status: "error";
  formError?: string;
  fieldErrors: Partial<Record<string, string>>;
  values: Record<string, string>;
  parts: string[];
}

/** "Save build": the parts as hidden `part` fields and an optional name, posted to /builds (works without JavaScript). */
export function SaveBuildForm({ partIds, reply }: { partIds: readonly string[]; reply?: SaveBuildRefusal | undefined }) {
  const formRef = useRef<HTMLFormElement>(null);
  const pending = useIsPending({ formAction: "/builds" });
  useFormReply(formRef, reply);
  return (
    <Form ref={formRef} method="post" action="/builds" noValidate className="space-y-4">
      {reply?.formError && <FormAlert>{reply.formError}</FormAlert>}
      {partIds.map((id, i) => (
        <input key={`${id}-${i}`} type="hidden" name={PART_FIELD} value={id} />
      ))}
      <TextField
        label="Build name"
        name={BUILD_NAME_FIELD}
        optional
        maxLength={BUILD_NAME_MAX}
        hint="Leave it empty to name it by today's date."
        defaultValue={reply?.values[BUILD_NAME_FIELD] ?? ""}
        error={reply?.fieldErrors[BUILD_NAME_FIELD]}
      />
      <Button type="submit" disabled={pending || partIds.length === 0}>
        {pending ? "Saving..." : "Save build"}
      </Button>
    </Form>
  );
}
