import { CONTACT_PATTERN, EMAIL_PATTERN, messages, PAN_PATTERN, PASSWORD_MESSAGE, PASSWORD_RULES, TEXT_ONLY } from "@lib/validation-rules";

/** One field's check: the schema's texts, applied by the inline script on blur. */
export interface BlurRule {
  required: string;
  pattern?: string;
  /** RegExp flags of `pattern` ("u" for the letters-only names). */
  flags?: string;
  /** Patterns that must all match (the password rules), else `invalid`. */
  all?: string[];
  invalid?: string;
  max?: number;
  /** The name of the field this one must repeat (a confirmation), and the message when it does not. */
  same?: string;
  differs?: string;
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
function check(i){var r=R[i.name];if(!r)return null;var v=r.raw?i.value:i.value.trim();if(!v.trim())return r.required;if(r.pattern&&!new RegExp(r.pattern,r.flags).test(v)||v.length>r.max||r.all&&!r.all.every(function(p){return new RegExp(p).test(v)}))return r.invalid;
var o=r.same&&f.elements.namedItem(r.same);if(o&&o.value.trim()&&o.value!==i.value)return r.differs;return ""}
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

const textOnlyRule = (label: string): BlurRule => ({ required: messages.required(label), pattern: TEXT_ONLY.source, flags: "u", invalid: messages.onlyText, max: 150 });
const digitsRule = (label: string, pattern: RegExp, invalid: string): BlurRule => ({ required: messages.required(label), pattern: pattern.source, invalid });

/** /register: registerSchema's checks of the chosen user type's fields (organisation "2" or individual "1"). */
export function registerBlurScript(formId: string, userType: "1" | "2"): string {
  const own: Record<string, BlurRule> =
    userType === "2"
      ? {
          organizationName: textOnlyRule("Organization Name"),
          panNumber: digitsRule("PAN Number", PAN_PATTERN, messages.pan),
          contactPerson: textOnlyRule("Contact Person"),
          contactNo: digitsRule("Contact Number", CONTACT_PATTERN, messages.contact),
          contactAddress: { required: messages.required("Address") },
        }
      : { fullName: textOnlyRule("Full Name"), countryId: { required: messages.required("Country") } };
  return blurCheckScript(formId, { ...own, email: emailRule("Email"), ...newPasswordRules("Password") });
}

/** passwordField(label), confirmField("Confirm Password") and withPasswordMatch, on `password` and `confirmPassword`. */
export function newPasswordRules(label: string): Record<string, BlurRule> {
  return {
    password: { required: messages.required(label), raw: true, all: PASSWORD_RULES.map((r) => r.pattern.source), invalid: PASSWORD_MESSAGE, max: 128 },
    confirmPassword: { required: messages.required("Confirm Password"), raw: true, same: "password", differs: messages.passwordMatch },
  };
}

/**
 * The live password checklist (PasswordChecklist's markup, found in the form) of a page served
 * without React: each rule ticks as it is met while the password is typed.
 */
export function passwordChecklistScript(formId: string): string {
  const patterns = PASSWORD_RULES.map((r) => r.pattern.source);
  return `(function(){var f=document.getElementById(${JSON.stringify(formId)}),i=f&&f.elements.namedItem("password"),l=f&&f.querySelector("[data-testid=password-checklist]");if(!i||!l)return;var P=${JSON.stringify(patterns)};
function tick(){var v=i.value;l.querySelectorAll("li").forEach(function(li,n){var m=new RegExp(P[n]).test(v),s=li.querySelector(".sr-only");li.dataset.met=String(m);li.className=m?"text-green-700":"text-gray-500";li.firstElementChild.textContent=m?"\u2713":"\u25cb";
if(m&&!s){s=document.createElement("span");s.className="sr-only";s.textContent=" (met)";li.appendChild(s)}else if(!m&&s)s.remove()})}
i.addEventListener("input",tick);tick()})();`;
}
