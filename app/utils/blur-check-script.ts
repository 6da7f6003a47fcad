import { EMAIL_PATTERN, messages } from "@lib/validation-rules";

/** One field's check: the schema's texts, applied by the inline script on blur. */
export interface BlurRule {
  required: string;
  pattern?: string;
  invalid?: string;
  max?: number;
  /** Passwords are checked as typed; every other value trimmed, as the schema does. */
  raw?: boolean;
}

/** The rule of `emailField(label)`: required, the e-mail pattern, at most 190 characters. */
export const emailRule = (label: string): BlurRule => ({ required: messages.required(label), pattern: EMAIL_PATTERN.source, invalid: messages.email, max: 190 });

/**
 * Pages served without React (handle.hydrate = false, ADR 0014 and 0016): the form posts natively
 * and the server answers with its schema's messages. This inline script (under the page's CSP
 * nonce, well under 1 KB) keeps the blur check of the given fields with the same texts and the
 * same markup as TextField's error (`<p id="{input id}-error" role="alert">`, aria-invalid,
 * aria-describedby). Submitting is never blocked: the server stays the one that decides.
 */
export function blurCheckScript(formId: string, rules: Record<string, BlurRule>): string {
  // noValidate as Conform sets it after hydration: the browser's own bubbles give way to the spec's texts.
  return `(function(){var f=document.getElementById(${JSON.stringify(formId)});if(!f)return;f.noValidate=true;var R=${JSON.stringify(rules)};
function check(i){var r=R[i.name];if(!r)return null;var v=r.raw?i.value:i.value.trim();if(!v)return r.required;if(r.pattern&&(!new RegExp(r.pattern).test(v)||v.length>r.max))return r.invalid;return ""}
function show(i,m){var id=i.id+"-error",p=document.getElementById(id),d=(i.getAttribute("aria-describedby")||"").split(" ").filter(function(x){return x&&x!==id});
if(m){if(!p){p=document.createElement("p");p.id=id;p.setAttribute("role","alert");p.className="mt-1 text-sm text-red-600";i.parentNode.appendChild(p)}p.textContent=m;i.setAttribute("aria-invalid","true");d.push(id)}else{if(p)p.remove();i.removeAttribute("aria-invalid")}
if(d.length)i.setAttribute("aria-describedby",d.join(" "));else i.removeAttribute("aria-describedby")}
f.addEventListener("focusout",function(e){var i=e.target,m=check(i);if(m!==null){i.dataset.checked="1";show(i,m)}});
f.addEventListener("input",function(e){var i=e.target;if(i.dataset.checked){var m=check(i);if(m!==null)show(i,m)}})})();`;
}

/** /login: loginSchema's e-mail and password checks. */
export function loginBlurScript(formId: string): string {
  return blurCheckScript(formId, { email: emailRule("Email"), password: { required: messages.required("Password"), raw: true } });
}
