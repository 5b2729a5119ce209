"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { filterCategoryLabels, useKeywordName } from "./keyword-names";
import { ListboxOption } from "./listbox-option";
import { inputClass, listboxClass } from "./styles";
import { FieldError } from "@/components/ui/field";

type Props = {
  id: string;
  label: string;
  value: string[];
  onChange: (next: string[]) => void;
  onBlur: () => void;
  // react-hook-form's field.ref: a callback, called with the input.
  inputRef: (node: HTMLInputElement | null) => void;
  error?: string;
};

/**
 * Multi-select combobox over the business categories: only labels
 * from the list can be added, never free text, and Enter never submits the
 * form — it only picks the highlighted option of the open list.
 */
export function KeywordCombobox({ id, label, value, onChange, onBlur, inputRef, error }: Props) {
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [announcement, setAnnouncement] = useState("");
  const ownInput = useRef<HTMLInputElement | null>(null);
  const t = useTranslations("wizard.keywords");
  const nameOf = useKeywordName();
  const options = filterCategoryLabels(query, value, nameOf);
  const listId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const errorId = `${id}-error`;

  useEffect(() => {
    if (open && active >= 0) document.getElementById(`${id}-option-${active}`)?.scrollIntoView({ block: "nearest" });
  }, [open, active, id]);

  const setRefs = (node: HTMLInputElement | null) => {
    ownInput.current = node;
    inputRef(node);
  };

  const pick = (labelToAdd: string) => {
    onChange([...value, labelToAdd]);
    setQuery("");
    setActive(-1);
    setAnnouncement(t("added", { keyword: nameOf(labelToAdd) }));
  };

  const remove = (labelToRemove: string) => {
    onChange(value.filter((v) => v !== labelToRemove));
    setAnnouncement(t("removed", { keyword: nameOf(labelToRemove) }));
    ownInput.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        setOpen(true);
        setActive((i) => (options.length === 0 ? -1 : Math.min(i + 1, options.length - 1)));
        break;
      case "ArrowUp":
        event.preventDefault();
        setOpen(true);
        setActive((i) => (options.length === 0 ? -1 : i <= 0 ? options.length - 1 : i - 1));
        break;
      case "Enter": {
        // Never submit the form from here, and never add typed text.
        event.preventDefault();
        const option = open && active >= 0 ? options[active] : undefined;
        if (option) pick(option);
        break;
      }
      case "Escape":
        if (open) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        }
        break;
      case "Backspace": {
        const last = value[value.length - 1];
        if (query === "" && last) remove(last);
        break;
      }
    }
  };

  const expanded = open && options.length > 0;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {value.length > 0 ? (
        <ul aria-label={t("chosen")} className="flex flex-wrap gap-2 pb-1">
          {value.map((chosen) => (
            <li
              key={chosen}
              className="inline-flex items-center gap-1 rounded-full bg-brand/10 py-1 pr-1 pl-3 text-sm font-medium text-brand dark:bg-indigo-400/15 dark:text-indigo-200"
            >
              {nameOf(chosen)}
              <button
                type="button"
                aria-label={t("remove", { keyword: nameOf(chosen) })}
                onClick={() => remove(chosen)}
                className="inline-flex h-6 w-6 items-center justify-center rounded-full hover:bg-brand/20 focus-visible:outline-2 focus-visible:outline-brand"
              >
                <svg aria-hidden="true" viewBox="0 0 20 20" className="h-3.5 w-3.5" fill="currentColor">
                  <path d="M6.3 5.3a1 1 0 0 0-1.4 1.4L8.6 10l-3.7 3.3a1 1 0 1 0 1.4 1.4L10 11.4l3.3 3.3a1 1 0 0 0 1.4-1.4L11.4 10l3.3-3.3a1 1 0 0 0-1.4-1.4L10 8.6 6.3 5.3z" />
                </svg>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="relative">
        <input
          ref={setRefs}
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : `${id}-hint`}
          placeholder={value.length ? t("placeholderMore") : t("placeholder")}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
            onBlur();
          }}
          className={inputClass}
        />
        <ul id={listId} role="listbox" aria-label={t("list")} hidden={!expanded} className={listboxClass}>
          {expanded
            ? options.map((option, index) => (
                <ListboxOption
                  key={option}
                  id={optionId(index)}
                  active={index === active}
                  // Keep focus in the input so the list stays open for the next pick.
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseEnter={() => setActive(index)}
                  onClick={() => pick(option)}
                >
                  {nameOf(option)}
                </ListboxOption>
              ))
            : null}
        </ul>
        {open && query.trim() && options.length === 0 ? (
          <p className="absolute z-20 mt-1 w-full rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm text-slate-500 shadow-lg dark:border-slate-700 dark:bg-slate-900">
            {t("noMatch")}
          </p>
        ) : null}
      </div>
      {error ? (
        <FieldError id={errorId}>{error}</FieldError>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-slate-500 dark:text-slate-400">
          {t("hint")}
        </p>
      )}
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
