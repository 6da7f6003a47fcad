import { describe, it, expect } from "vitest";
import type { ZodType } from "zod";
import {
  PASSWORD_MESSAGE,
  PASSWORD_RULES,
  checkboxField,
  contactField,
  emailField,
  isEmpty,
  messages,
  optionalText,
  panField,
  passwordField,
  plainText,
  reasonField,
  requiredText,
  textOnlyField,
} from "@lib/validation";

/** The issue messages zod reports for `value`, in order; [] when it parses. */
function errorsOf(schema: ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}
function firstError(schema: ZodType, value: unknown): string | undefined {
  return errorsOf(schema, value)[0];
}
function parsed<T>(schema: ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new Error(`expected ${JSON.stringify(value)} to parse: ${result.error.message}`);
  return result.data;
}

describe("messages (spec 1 §5 texts)", () => {
  it("uses the spec's words", () => {
    expect(messages.required("Full Name")).toBe("Full Name field is required");
    expect(messages.upload).toBe("Upload field is required");
    expect(messages.email).toBe("Please enter a correct email address");
    expect(messages.onlyText).toBe("Only text allowed");
    expect(messages.pan).toBe("Please enter 9 digit number");
    expect(messages.contact).toBe("Please enter 10 digit number");
    expect(messages.passwordMatch).toBe("Password don't match.");
    expect(messages.minReason).toBe("Minimum 10 character is required");
  });
});

describe("isEmpty", () => {
  it.each([
    ["undefined", undefined],
    ["null", null],
    ["empty text", ""],
    ["spaces", "   "],
    ["tabs and newlines", "\t\n "],
    ["empty object", {}],
    ["empty array", []],
  ])("is true for %s", (_name, value) => {
    expect(isEmpty(value)).toBe(true);
  });

  it.each([
    ["text", "a"],
    ["padded text", "  a  "],
    ["zero", 0],
    ["false", false],
    ["object with a key", { a: 1 }],
    ["array with an item", [0]],
  ])("is false for %s", (_name, value) => {
    expect(isEmpty(value)).toBe(false);
  });
});

describe("requiredText", () => {
  const schema = requiredText("City");

  it.each([
    ["missing", undefined],
    ["null", null],
    ["empty", ""],
    ["whitespace-only", "   \t "],
  ])("says '{label} field is required' when %s", (_name, value) => {
    expect(errorsOf(schema, value)).toEqual(["City field is required"]);
  });

  it("trims what it keeps", () => {
    expect(parsed(schema, "  Kathmandu  ")).toBe("Kathmandu");
  });

  it("says how long the text may be, not that it is required (issue 26)", () => {
    expect(errorsOf(requiredText("Passport Number").max(50), "A".repeat(70))).toEqual(["Passport Number must be at most 50 characters"]);
    expect(errorsOf(optionalText(20), "9".repeat(21))).toEqual(["This text must be at most 20 characters"]);
    expect(errorsOf(requiredText("Passport Number").max(50), undefined)).toEqual(["Passport Number field is required"]);
  });
});

describe("emailField", () => {
  const schema = emailField();

  it("requires a value, using the label", () => {
    expect(firstError(schema, "")).toBe("Email field is required");
    expect(firstError(schema, "   ")).toBe("Email field is required");
    expect(firstError(schema, undefined)).toBe("Email field is required");
    expect(firstError(emailField("Work Email"), "")).toBe("Work Email field is required");
  });

  it.each(["plain", "a@b", "a@b.c", "a b@example.com", "@example.com", "user@", "user@@example.com"])("refuses %s with the spec message", (value) => {
    expect(errorsOf(schema, value)).toEqual([messages.email]);
  });

  it("accepts a standard address, trimmed and lower-cased", () => {
    expect(parsed(schema, "  Pemba.Sherpa@Example.COM ")).toBe("pemba.sherpa@example.com");
    expect(parsed(schema, "a+b@sub.example.org")).toBe("a+b@sub.example.org");
  });
});

describe("textOnlyField", () => {
  const schema = textOnlyField("Full Name");

  it("requires a value", () => {
    expect(firstError(schema, "")).toBe("Full Name field is required");
    expect(firstError(schema, "  ")).toBe("Full Name field is required");
  });

  it.each(["John3", "R2D2", "<b>", "Name!", "1234", "-Anna", "'", "Anna_Keller", "a@b"])("refuses %s with 'Only text allowed'", (value) => {
    expect(errorsOf(schema, value)).toEqual([messages.onlyText]);
  });

  it.each(["Hans Peter Müller", "José", "O'Brien", "O’Brien", "Jean-Luc", "Himalayan Treks Pvt. Ltd.", "पेम्बा शेर्पा", "Zoë Ångström", "Anna Keller"])(
    "accepts the real name %s",
    (value) => {
      expect(parsed(schema, value)).toBe(value);
    },
  );

  it("trims, folds repeated spaces and normalises to NFC", () => {
    expect(parsed(schema, " Himalayan   Trails ")).toBe("Himalayan Trails");
    expect(parsed(schema, "Jose\u0301")).toBe("José");
  });
});

describe("panField", () => {
  const schema = panField();

  it("requires a value", () => {
    expect(firstError(schema, "")).toBe("PAN field is required");
    expect(firstError(panField("PAN Number"), " ")).toBe("PAN Number field is required");
  });

  it.each(["12345678", "1234567890", "12345678a", "123 45678", "abcdefghi"])("refuses %s", (value) => {
    expect(errorsOf(schema, value)).toEqual(["Please enter 9 digit number"]);
  });

  it("accepts exactly nine digits", () => {
    expect(parsed(schema, "301234567")).toBe("301234567");
  });
});

describe("contactField", () => {
  const schema = contactField();

  it("requires a value", () => {
    expect(firstError(schema, "")).toBe("Contact Number field is required");
  });

  it.each(["985101234", "98510123456", "98510123a5", "+977985101"])("refuses %s", (value) => {
    expect(errorsOf(schema, value)).toEqual(["Please enter 10 digit number"]);
  });

  it("accepts exactly ten digits", () => {
    expect(parsed(schema, "9851012345")).toBe("9851012345");
  });
});

describe("passwordField and PASSWORD_RULES", () => {
  const schema = passwordField();
  const good = "Trek@2026";

  it("accepts a password meeting every rule", () => {
    expect(parsed(schema, good)).toBe(good);
    for (const rule of PASSWORD_RULES) expect(rule.test(good), rule.id).toBe(true);
  });

  it("requires a value", () => {
    // Fields show their first message (lib/ui/field.tsx), so "required" must come first.
    expect(firstError(schema, "")).toBe("Password field is required");
    expect(errorsOf(schema, undefined)).toEqual(["Password field is required"]);
    expect(firstError(passwordField("Confirm Password"), "")).toBe("Confirm Password field is required");
  });

  // Each candidate breaks exactly one rule.
  const failingAlone: [string, string][] = [
    ["length", "Tr@2026"],
    ["lower", "TREK@2026"],
    ["upper", "trek@2026"],
    ["number", "Trek@abcd"],
    ["special", "Trek2026ab"],
  ];

  it.each(failingAlone)("fails only the %s rule for %s", (id, value) => {
    const failed = PASSWORD_RULES.filter((r) => !r.test(value)).map((r) => r.id);
    expect(failed).toEqual([id]);
    expect(errorsOf(schema, value)).toEqual([PASSWORD_MESSAGE]);
  });

  it("counts only #?!@$%^&*- as special characters", () => {
    const special = PASSWORD_RULES.find((r) => r.id === "special")!;
    for (const c of "#?!@$%^&*-") expect(special.test(`Trek2026${c}`), c).toBe(true);
    for (const c of "_+=.,~()[]") expect(special.test(`Trek2026${c}`), c).toBe(false);
  });

  it("takes 8 characters as the minimum", () => {
    const length = PASSWORD_RULES.find((r) => r.id === "length")!;
    expect(length.test("Aa1@aaaa")).toBe(true);
    expect(length.test("Aa1@aaa")).toBe(false);
    expect(parsed(schema, "Aa1@aaaa")).toBe("Aa1@aaaa");
  });

  it("has one checklist item per spec rule", () => {
    expect(PASSWORD_RULES.map((r) => r.id)).toEqual(["length", "lower", "upper", "number", "special"]);
  });
});

describe("reasonField", () => {
  const schema = reasonField("Remarks");

  it("requires a value", () => {
    expect(firstError(schema, "")).toBe("Remarks field is required");
    expect(firstError(schema, "    ")).toBe("Remarks field is required");
  });

  it("needs at least ten characters after trimming", () => {
    expect(errorsOf(schema, "too short")).toEqual(["Minimum 10 character is required"]);
    expect(errorsOf(schema, "   123456789   ")).toEqual(["Minimum 10 character is required"]);
    expect(parsed(schema, " 1234567890 ")).toBe("1234567890");
  });
});

describe("checkboxField", () => {
  const schema = checkboxField();

  it("is true when ticked", () => {
    expect(parsed(schema, "on")).toBe(true);
    expect(parsed(schema, "true")).toBe(true);
    expect(parsed(schema, true)).toBe(true);
  });

  it("is false when absent or false", () => {
    expect(parsed(schema, undefined)).toBe(false);
    expect(parsed(schema, false)).toBe(false);
  });

  it("refuses other values", () => {
    expect(schema.safeParse("yes").success).toBe(false);
    expect(schema.safeParse("off").success).toBe(false);
    expect(schema.safeParse(1).success).toBe(false);
  });
});

describe("control characters (issue 13: a NUL in remarks broke a write half-way)", () => {
  it("refuses C0 controls and DEL in a one-line field, with one message", () => {
    for (const bad of ["bad\u0000scan", "a\tb", "line\nbreak", "bell\u0007", "del\u007f", "esc\u001b[31m"]) {
      expect(errorsOf(requiredText("Remarks"), bad)).toEqual([messages.controlChars]);
      expect(errorsOf(plainText(), bad)).toEqual([messages.controlChars]);
      expect(errorsOf(optionalText(100), bad)).toEqual([messages.controlChars]);
    }
    expect(firstError(textOnlyField("Full Name"), "Anna\u0000Keller")).toBe(messages.controlChars);
    expect(firstError(emailField(), "a\u0000@b.test")).toBe(messages.controlChars);
  });
  it("keeps tab and line breaks in a text area, still refusing the rest", () => {
    const area = requiredText("Remarks", { multiline: true });
    expect(parsed(area, "First line\r\n\tsecond line\n")).toBe("First line\r\n\tsecond line");
    for (const bad of ["bad\u0000scan", "form\u000cfeed", "v\u000bt", "del\u007f"]) expect(errorsOf(area, bad)).toEqual([messages.controlChars]);
    expect(firstError(reasonField(), "long enough\u0000 reason")).toBe(messages.controlChars);
  });
  it("leaves ordinary text of any script alone", () => {
    expect(parsed(requiredText("Remarks"), "  Blurred scan — पेम्बा, José ✓ ")).toBe("Blurred scan — पेम्बा, José ✓");
    expect(parsed(optionalText(10), undefined)).toBeUndefined();
    expect(errorsOf(optionalText(3), "abcd")).toHaveLength(1);
  });
});
