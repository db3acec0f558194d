import { useEffect, useId, useRef, useState, type ChangeEvent, type InputHTMLAttributes, type KeyboardEvent } from "react";
import { useNavigate } from "react-router";
import { useHydrated } from "~/hooks";
import { SUGGESTIONS_PATH, suggestionsAnnouncement, type Suggestion, type SuggestionsResponse } from "~/modules/catalog/suggestions";

const DEBOUNCE_MS = 200;
const MIN_CHARS = 2;

/**
 * A search field that suggests products and categories as the shopper types: a WAI-ARIA combobox
 * (list autocomplete) once JavaScript runs, a plain field of its GET form before. Arrow keys move
 * through the list, Enter opens the highlighted suggestion (or searches, with none highlighted),
 * Escape closes it; a polite live region says how many suggestions there are.
 */
export function SearchBox({
  id,
  defaultValue,
  ...input
}: { id: string; defaultValue: string } & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "defaultValue" | "type">) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const listId = useId();
  const [items, setItems] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [announcement, setAnnouncement] = useState("");
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const request = useRef<AbortController>(undefined);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      request.current?.abort();
    },
    [],
  );

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const lookUp = (value: string) => {
    clearTimeout(timer.current);
    request.current?.abort();
    if (value.trim().length < MIN_CHARS) {
      setItems([]);
      close();
      setAnnouncement("");
      return;
    }
    timer.current = setTimeout(() => {
      const controller = new AbortController();
      request.current = controller;
      fetch(`${SUGGESTIONS_PATH}?${new URLSearchParams({ q: value })}`, { signal: controller.signal, headers: { Accept: "application/json" } })
        .then((r) => (r.ok ? (r.json() as Promise<SuggestionsResponse>) : null))
        .then((body) => {
          if (!body || controller.signal.aborted) return;
          setItems(body.suggestions);
          setOpen(body.suggestions.length > 0);
          setActive(-1);
          setAnnouncement(suggestionsAnnouncement(body.suggestions.length));
        })
        .catch(() => {
          // Aborted by a newer keystroke, or offline: the field still searches on submit.
        });
    }, DEBOUNCE_MS);
  };

  const go = (s: Suggestion) => {
    close();
    void navigate(s.href);
  };

  const optionId = (i: number) => `${listId}-${i}`;
  const expanded = open && items.length > 0;

  return (
    <>
      <input
        {...input}
        id={id}
        type="search"
        defaultValue={defaultValue}
        autoComplete="off"
        {...(hydrated && {
          role: "combobox",
          "aria-autocomplete": "list" as const,
          "aria-expanded": expanded,
          "aria-controls": listId,
          "aria-activedescendant": expanded && active >= 0 ? optionId(active) : undefined,
          onChange: (e: ChangeEvent<HTMLInputElement>) => lookUp(e.currentTarget.value),
          onBlur: close,
          onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => {
            if (e.key === "ArrowDown" || e.key === "ArrowUp") {
              if (items.length === 0) return;
              e.preventDefault();
              setOpen(true);
              const down = e.key === "ArrowDown";
              setActive((a) => (down ? (a + 1) % items.length : a <= 0 ? items.length - 1 : a - 1));
            } else if (e.key === "Enter" && expanded && active >= 0) {
              e.preventDefault();
              go(items[active]!);
            } else if (e.key === "Escape" && expanded) {
              e.preventDefault();
              close();
            }
          },
        })}
      />
      {hydrated && (
        <>
          <ul
            id={listId}
            role="listbox"
            aria-label="Suggestions"
            hidden={!expanded}
            className="absolute inset-x-0 top-full z-30 mt-1 max-h-80 overflow-y-auto rounded-lg border border-gray-200 bg-white py-1 text-left shadow-lg"
          >
            {items.map((s, i) => (
              <li
                key={s.href}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => go(s)}
                className={`flex cursor-pointer items-baseline justify-between gap-3 px-3 py-2 text-sm ${i === active ? "bg-pink-50 text-pink-800" : "text-gray-800"}`}
              >
                <span className="truncate">{s.label}</span>
                <span className="shrink-0 text-xs text-gray-600">{s.detail}</span>
              </li>
            ))}
          </ul>
          <div role="status" aria-live="polite" className="sr-only">
            {announcement}
          </div>
        </>
      )}
    </>
  );
}
