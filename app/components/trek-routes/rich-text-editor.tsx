import { useEffect, useRef, useState } from "react";
import { useHydrated } from "@lib/ui/use-hydrated";
import { TextArea } from "@lib/ui/field";
import { cx } from "@lib/ui/class-names";
import { useT } from "@lib/i18n/context";
import { translateMessage } from "@lib/i18n/messages";
import { DESCRIPTION_CLASS } from "@modules/trek-routes";

export interface RichTextEditorProps {
  label: string;
  name: string;
  id: string;
  /** Already sanitised HTML (from the database or the server's reply). */
  defaultValue: string;
  errors?: string[];
  onChange?: () => void;
}

const TOOLS = [
  { command: "bold", label: "Bold", icon: "B", className: "font-bold" },
  { command: "italic", label: "Italic", icon: "I", className: "italic" },
  { command: "underline", label: "Underline", icon: "U", className: "underline" },
  // Worded buttons are named by their own text (a name must contain the visible label, WCAG 2.5.3);
  // the glyph in front is decoration.
  { command: "insertUnorderedList", label: "Bulleted list", glyph: "•" },
  { command: "insertOrderedList", label: "Numbered list", glyph: "1." },
  { command: "createLink", label: "Link" },
] as const;

/**
 * Server HTML and the first client render show a plain textarea (it works without JavaScript);
 * after hydration it becomes a small contenteditable editor that writes its HTML into a hidden
 * field of the same name. No editor library: execCommand covers the few commands we offer, and
 * the server sanitises whatever arrives anyway.
 */
export function RichTextEditor({ label, name, id, defaultValue, errors, onChange }: RichTextEditorProps) {
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <TextArea
        label={label}
        id={id}
        name={name}
        defaultValue={defaultValue}
        rows={10}
        errors={errors}
        hint="Plain text, or basic HTML (p, strong, em, u, ul, ol, li, a)."
      />
    );
  }
  return <Editor label={label} name={name} id={id} defaultValue={defaultValue} errors={errors} onChange={onChange} />;
}

function Editor({ label, name, id, defaultValue, errors, onChange }: RichTextEditorProps) {
  const translator = useT();
  const { t } = translator;
  const editorRef = useRef<HTMLDivElement>(null);
  const [html, setHtml] = useState(defaultValue);
  const error = errors?.find(Boolean);

  // The content is set once; React must not re-render over what the user is typing.
  useEffect(() => {
    // New lines become <p>, and an empty editor starts inside one, so no text sits bare.
    document.execCommand("defaultParagraphSeparator", false, "p");
    if (editorRef.current) editorRef.current.innerHTML = defaultValue || "<p><br></p>";
  }, [defaultValue]);

  const sync = () => {
    setHtml(editorRef.current?.innerHTML ?? "");
    onChange?.();
  };

  const run = (command: (typeof TOOLS)[number]["command"]) => {
    editorRef.current?.focus();
    if (command === "createLink") {
      const url = window.prompt(t("Link address (https://…)"));
      if (!url || !/^(https?:|mailto:)/i.test(url.trim())) return;
      document.execCommand("createLink", false, url.trim());
    } else {
      document.execCommand(command);
    }
    sync();
  };

  return (
    <div>
      <span id={`${id}-label`} className="mb-1 block text-sm font-medium text-gray-800">
        {t(label)}
      </span>
      <div className={cx("rounded-md border bg-white shadow-sm", error ? "border-red-600" : "border-gray-300")}>
        <div role="toolbar" aria-label={t("Formatting")} className="flex flex-wrap gap-1 border-b border-gray-200 p-1">
          {TOOLS.map((tool) => (
            <button
              key={tool.command}
              type="button"
              title={"icon" in tool ? t(tool.label) : undefined}
              aria-label={"icon" in tool ? t(tool.label) : undefined}
              // Keep the selection in the editor while the button is pressed.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => run(tool.command)}
              className={cx("rounded px-2 py-1 text-sm text-gray-700 hover:bg-gray-100", "className" in tool ? tool.className : undefined)}
            >
              {"icon" in tool ? (
                tool.icon
              ) : (
                <>
                  {"glyph" in tool ? <span aria-hidden="true">{tool.glyph} </span> : null}
                  {t(tool.label)}
                </>
              )}
            </button>
          ))}
        </div>
        <div
          ref={editorRef}
          id={id}
          role="textbox"
          aria-multiline="true"
          aria-labelledby={`${id}-label`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          contentEditable
          suppressContentEditableWarning
          onInput={sync}
          onBlur={sync}
          className={cx(DESCRIPTION_CLASS, "min-h-48 px-3 py-2 focus:outline-none")}
        />
      </div>
      <input type="hidden" name={name} value={html} />
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-600">
          {translateMessage(translator, error)}
        </p>
      )}
    </div>
  );
}
